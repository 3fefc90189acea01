import { constants, createInflate } from "node:zlib";

/**
 * The most a bill PDF's compressed streams may unpack to, all together. A bill's text is a few
 * hundred KB unpacked; a 20-page scan kept as Flate grayscale is about 170 MB.
 */
export const MAX_PDF_UNPACKED_BYTES = 256 * 1024 * 1024;

/** Inflate's output chunks: large, so a stream of 256 MB is a few hundred events, not 16,000. */
const CHUNK_BYTES = 1024 * 1024;
/** How far back from `stream` its dictionary (`<< ... >>`) is looked for. */
const DICTIONARY_WINDOW = 2048;

/**
 * How many bytes one Flate stream unpacks to, counting without keeping them, and stopping as soon
 * as the count passes `limit`. Damaged data counts what came out before the damage: pdf.js reads
 * it the same way, or refuses the file itself.
 */
function unpackedSize(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: CHUNK_BYTES, finishFlush: constants.Z_SYNC_FLUSH });
    let size = 0;
    const done = () => {
      inflate.removeAllListeners("data");
      inflate.destroy();
      resolve(size);
    };
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) done();
    });
    inflate.on("end", done);
    inflate.on("error", done);
    inflate.end(data);
  });
}

/**
 * Whether a PDF's Flate streams unpack to more than `limit` bytes together: a "PDF bomb", a few
 * hundred KB of file holding gigabytes of zeros, which pdf.js would unpack whole in this process.
 *
 * Every stream of a PDF sits in the file as `<< ... >> stream ... endstream` (object streams hold
 * only dictionaries, never other streams), so a scan for the keyword finds them all without
 * parsing the file; a stream's data is skipped whole, so bytes inside it are never taken for a
 * keyword. An encrypted PDF's streams do not inflate until decrypted and count as nothing here:
 * the time limit of the read (and one read at a time, decision 0024) still bounds those.
 */
export async function unpacksBeyond(bytes: Uint8Array, limit = MAX_PDF_UNPACKED_BYTES) {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let left = limit;
  let from = 0;
  for (;;) {
    const keyword = file.indexOf("stream", from, "latin1");
    if (keyword < 0) return false;
    from = keyword + "stream".length;
    if (keyword >= 3 && file.toString("latin1", keyword - 3, keyword) === "end") continue;
    let start = from;
    if (file[start] === 0x0d) start += 1;
    if (file[start] === 0x0a) start += 1;
    const end = file.indexOf("endstream", start, "latin1");
    if (end < 0) return false;
    from = end + "endstream".length;
    const before = file.toString("latin1", Math.max(0, keyword - DICTIONARY_WINDOW), keyword);
    // This object's dictionary: what follows the end of the one before it.
    const dictionary = before.slice(
      Math.max(before.lastIndexOf("endobj"), before.lastIndexOf("endstream"), -1) + 1,
    );
    if (!/\/FlateDecode\b/.test(dictionary)) continue;
    left -= await unpackedSize(file.subarray(start, end), left);
    if (left < 0) return true;
  }
}
