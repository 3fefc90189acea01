import { createInflate, inflateSync, constants as zlib } from "node:zlib";

/**
 * The most a bill PDF's compressed streams may unpack to, all together. A bill's text is a few
 * hundred KB unpacked; a 20-page scan kept as Flate grayscale is about 170 MB.
 */
export const MAX_PDF_UNPACKED_BYTES = 256 * 1024 * 1024;
/** More streams than any bill has (a few hundred to a few thousand): refused unread. */
const MAX_STREAMS = 50_000;

/** Inflate's output chunks: large, so a stream of 256 MB is a few hundred events, not 16,000. */
const CHUNK_BYTES = 1024 * 1024;
/** Packed streams smaller than this are inflated in one call: a file of many tiny ones is fast. */
const SMALL_STREAM_BYTES = 64 * 1024;

/** The filters' abbreviations (PDF 32000 §8.9.7), which pdf.js accepts as well. */
const FILTER_NAMES: Record<string, string> = {
  Fl: "FlateDecode",
  LZW: "LZWDecode",
  RL: "RunLengthDecode",
  AHx: "ASCIIHexDecode",
  A85: "ASCII85Decode",
};
/**
 * The most a filter's output can outgrow its input. LZW and run-length data, and Flate behind
 * them, are counted by these bounds, not unpacked: no bill producer of today uses them for
 * anything large.
 */
const WORST_GROWTH: Record<string, number> = {
  FlateDecode: 1_032,
  LZWDecode: 3_641,
  RunLengthDecode: 128,
};

/** Names spelled out: `/Fl#61teDecode` is `/FlateDecode` (PDF 32000 §7.3.5). */
const spelledOut = (text: string) =>
  text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );

/**
 * Every filter chain named before a stream since the stream before it, each in the order its
 * filters are undone. Usually one; a dictionary can hold a string that looks like another
 * `/Filter`, so each is counted and the largest count stands.
 */
function filterChains(region: string): string[][] {
  const chains = new Map<string, string[]>();
  for (const [, value = ""] of region.matchAll(/\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/g)) {
    const chain = [...value.matchAll(/\/([^\s/[\]<>()]+)/g)].map(
      ([, name = ""]) => FILTER_NAMES[name] ?? name,
    );
    chains.set(chain.join(" "), chain);
  }
  return [...chains.values()];
}

/** ASCIIHexDecode: pairs of hex digits, white space ignored, up to `>`. */
function fromHex(data: Uint8Array): Buffer {
  const text = Buffer.from(data).toString("latin1");
  const digits = text
    .slice(0, text.includes(">") ? text.indexOf(">") : undefined)
    .replace(/\s+/g, "");
  return Buffer.from(digits.length % 2 === 0 ? digits : `${digits}0`, "hex");
}

/** ASCII85Decode: groups of five characters `!`–`u` to four bytes, `z` for four zeros, to `~>`. */
function fromAscii85(data: Uint8Array): Buffer {
  const text = Buffer.from(data).toString("latin1");
  const body = text.slice(0, text.includes("~>") ? text.indexOf("~>") : undefined);
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i += 1) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count; i += 1) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const char of body) {
    if (char === "z" && group.length === 0) out.push(0, 0, 0, 0);
    else if (char >= "!" && char <= "u") {
      group.push(char.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

/**
 * How many bytes these inflates, one after another, unpack the data to, counting the last's
 * output without keeping it, and stopping as soon as the count passes `limit`. Damaged data
 * counts what came out before the damage: pdf.js reads it the same way, or refuses the file.
 */
function inflatedSize(data: Uint8Array, layers: number, limit: number): Promise<number> {
  if (layers === 1 && data.byteLength < SMALL_STREAM_BYTES) {
    try {
      return Promise.resolve(
        inflateSync(data, { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: limit + 1 })
          .byteLength,
      );
    } catch (error) {
      const tooLarge = error instanceof RangeError;
      // Too large: more than the limit. Damaged: counted below, up to the damage.
      if (tooLarge) return Promise.resolve(limit + 1);
    }
  }
  return new Promise((resolve) => {
    const stages = Array.from({ length: layers }, () =>
      createInflate({ chunkSize: CHUNK_BYTES, finishFlush: zlib.Z_SYNC_FLUSH }),
    );
    const last = stages.at(-1);
    let size = 0;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      for (const stage of stages) {
        stage.removeAllListeners("data");
        stage.destroy();
      }
      resolve(size);
    };
    for (const [i, stage] of stages.entries()) {
      stage.on("error", done);
      const next = stages[i + 1];
      if (next) stage.pipe(next);
    }
    last?.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) done();
    });
    last?.on("end", done);
    stages[0]?.end(data);
  });
}

/**
 * The bytes of one stream's data: by a `/Length` that is a number and ends where `endstream`
 * follows, else to the next `endstream`.
 */
function streamData(file: Buffer, start: number, region: string): [number, number] | null {
  for (const [, length = ""] of region.matchAll(/\/Length\s+(\d+)(?!\s+\d+\s+R)/g)) {
    const end = start + Number(length);
    const after = file.toString("latin1", end, Math.min(file.byteLength, end + 12));
    if (end <= file.byteLength && /^\s*endstream/.test(after)) return [start, end];
  }
  const end = file.indexOf("endstream", start, "latin1");
  return end < 0 ? null : [start, end];
}

/** What one stream's data unpacks to through this filter chain, counted up to `limit`. */
async function chainSize(packed: Uint8Array, chain: readonly string[], limit: number) {
  // The filters undone exactly while we can (text encodings first, then Flate layers); past
  // the first we cannot, each one's worst growth multiplies the count.
  let data = packed;
  let layers = 0;
  let exact = true;
  let growth = 1;
  for (const filter of chain) {
    if (exact && layers === 0 && filter === "ASCIIHexDecode") data = fromHex(data);
    else if (exact && layers === 0 && filter === "ASCII85Decode") data = fromAscii85(data);
    else if (exact && filter === "FlateDecode") layers += 1;
    else {
      exact = false;
      growth *= WORST_GROWTH[filter] ?? 1;
    }
  }
  if (layers === 0 && growth === 1) return 0;
  const base =
    layers > 0 ? await inflatedSize(data, layers, Math.floor(limit / growth)) : data.byteLength;
  return base * growth;
}

/**
 * Whether a PDF's streams unpack to more than `limit` bytes together: a "PDF bomb", a few
 * hundred KB of file holding gigabytes of zeros, which pdf.js would unpack whole in this process.
 *
 * Every stream of a PDF sits in the file as `<< ... >> stream ... endstream` (object streams hold
 * only dictionaries, never other streams), so a scan for the keyword finds them all without
 * parsing the file. A stream's dictionary is what lies between the stream before it and its
 * keyword, its data is read by its `/Length`, and its filters are undone as pdf.js would: the
 * text encodings decoded, each Flate layer inflated in turn and counted. LZW and run-length data count at their worst
 * growth. An encrypted PDF's streams do not inflate until decrypted and count as nothing here:
 * this check does not bound those (decision 0023's addendum).
 */
export async function unpacksBeyond(bytes: Uint8Array, limit = MAX_PDF_UNPACKED_BYTES) {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let left = limit;
  let streams = 0;
  let from = 0;
  // Where the last stream's data ended: what lies between it and the next keyword is the next
  // stream's object, its dictionary included, however long.
  let previous = 0;
  for (;;) {
    const keyword = file.indexOf("stream", from, "latin1");
    if (keyword < 0) return false;
    from = keyword + "stream".length;
    if (keyword >= 3 && file.toString("latin1", keyword - 3, keyword) === "end") continue;
    let start = from;
    if (file[start] === 0x0d) start += 1;
    if (file[start] === 0x0a) start += 1;
    const region = spelledOut(file.toString("latin1", previous, keyword));
    const span = streamData(file, start, region);
    if (!span) return false;
    from = span[1];
    previous = span[1];
    streams += 1;
    if (streams > MAX_STREAMS) return true;
    const data = file.subarray(span[0], span[1]);
    let most = 0;
    for (const chain of filterChains(region)) {
      most = Math.max(most, await chainSize(data, chain, left));
    }
    left -= most;
    if (left < 0) return true;
  }
}
