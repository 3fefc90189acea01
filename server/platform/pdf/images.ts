import { inflateSync } from "node:zlib";
import { FONTS } from "./document.ts";

// Whether an image can be drawn on our PDFs. pdfkit reads a JPEG's markers and a PNG's chunks
// when it is drawn, throwing at once for most bad files; but a PNG with transparency has its pixels
// inflated later, in a callback whose error nothing can catch: one bad logo ended the process
// at every proposal. So a PNG's pixels are inflated here first, as pdfkit would.

/** No logo needs more; a larger PNG could unpack to gigabytes of pixels. */
export const MAX_IMAGE_SIDE = 5_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Samples a pixel has, by PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Whether a PNG's header is sound and its pixel data inflates whole: at least the bytes its
 * header promises for a non-interlaced image (a filter byte and the samples of every row).
 */
export function pngPixelsInflate(bytes: Uint8Array): boolean {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (file.byteLength < 8 || PNG_SIGNATURE.some((b, i) => file[i] !== b)) return false;
  let header: Buffer | null = null;
  const data: Buffer[] = [];
  for (let at = 8; at + 8 <= file.byteLength; ) {
    const length = file.readUInt32BE(at);
    const type = file.toString("latin1", at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (body.byteLength < length) return false;
    if (type === "IHDR") header = body;
    else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  if (!header || header.byteLength < 13 || data.length === 0) return false;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const depth = header[8] ?? 0;
  const channels = CHANNELS[header[9] ?? -1];
  const interlaced = header[12] === 1;
  if (!channels || width === 0 || height === 0) return false;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return false;
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const expected = height * (1 + rowBytes);
  try {
    // Interlaced rows carry a few more filter bytes; the bound only has to stop a bomb.
    const pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected * 2 + 1024 });
    return interlaced || pixels.byteLength >= expected;
  } catch {
    return false;
  }
}

/**
 * Whether pdfkit draws these bytes without failing: a PNG whose pixels inflate, or a JPEG whose
 * markers it reads (a JPEG is embedded as it is, so nothing of it fails later).
 */
export async function canDrawImage(bytes: Uint8Array): Promise<boolean> {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b) && !pngPixelsInflate(bytes)) return false;
  const { default: PDFDocument } = await import("pdfkit");
  // A scratch document, never ended nor read: the image is drawn on it as on a proposal.
  const doc = new PDFDocument({ font: FONTS.regular });
  try {
    doc.image(Buffer.from(bytes), 0, 0, { width: 16 });
    return true;
  } catch {
    return false;
  }
}
