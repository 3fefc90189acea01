import { inflateSync } from "node:zlib";

// The images we print on PDFs (a company's logo) are never the bytes someone uploaded. pdfkit
// reads a JPEG's markers and a PNG's chunks as it draws them, and decodes a transparent or
// interlaced PNG's pixels later, in a zlib callback whose errors nothing can catch: a PNG with
// bad pixel data or a bad row filter ended the server process. So an image is checked (its size
// from its header, a PNG's pixel data inflated), decoded by Skia (@napi-rs/canvas, which the bill
// reader's OCR uses too), scaled down and encoded afresh: pdfkit only ever sees our own encoder's
// files.

/** Larger images are refused before anything is decoded: a logo needs far less. */
export const MAX_IMAGE_SIDE = 2_000;
/** What a logo is drawn at, at most, on its long side: ample for 150 pt on a page. */
const DRAWN_SIDE = 1_000;
const JPEG_QUALITY = 90;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Samples a pixel has, by PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export type ImageType = "png" | "jpeg";

const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((b, i) => bytes[i] === b);
const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

type Png = { width: number; height: number; depth: number; channels: number; data: Buffer[] };

function readPng(bytes: Uint8Array): Png | null {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (file.byteLength < 8 || !isPng(file)) return null;
  let header: Buffer | null = null;
  const data: Buffer[] = [];
  for (let at = 8; at + 8 <= file.byteLength; ) {
    const length = file.readUInt32BE(at);
    const type = file.toString("latin1", at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (body.byteLength < length) return null;
    if (type === "IHDR") header = body;
    else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  if (!header || header.byteLength < 13 || data.length === 0) return null;
  const channels = CHANNELS[header[9] ?? -1];
  if (!channels) return null;
  return {
    width: header.readUInt32BE(0),
    height: header.readUInt32BE(4),
    depth: header[8] ?? 0,
    channels,
    data,
  };
}

/** A JPEG's size from its start-of-frame marker, without decoding it. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 2; at + 4 <= file.byteLength; ) {
    if (file[at] !== 0xff) return null;
    const marker = file[at + 1] ?? 0;
    // Fill bytes, and the markers that stand alone (restart, start and end of image).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame && at + 9 <= file.byteLength) {
      return { height: file.readUInt16BE(at + 5), width: file.readUInt16BE(at + 7) };
    }
    at += 2 + file.readUInt16BE(at + 2);
  }
  return null;
}

/**
 * Whether a PNG's header is sound, its size within bounds and its pixel data inflates whole: at
 * least the bytes its header promises for a non-interlaced image (a filter byte and the samples
 * of every row). Skia would draw a cut-off file as a blank or half image; this refuses it.
 */
export function pngPixelsInflate(bytes: Uint8Array): boolean {
  const png = readPng(bytes);
  if (!png || png.width === 0 || png.height === 0) return false;
  if (png.width > MAX_IMAGE_SIDE || png.height > MAX_IMAGE_SIDE) return false;
  const expected = png.height * (1 + Math.ceil((png.width * png.channels * png.depth) / 8));
  try {
    // Interlaced rows carry a few more filter bytes; the bound only has to stop a bomb.
    const pixels = inflateSync(Buffer.concat(png.data), { maxOutputLength: expected * 2 + 1024 });
    return pixels.byteLength >= expected;
  } catch {
    return false;
  }
}

/**
 * The image as our own encoder writes it, in its own format, at most DRAWN_SIDE on its long side;
 * or null when it is no PNG or JPEG, too large, cut off or damaged.
 */
export async function drawableImage(
  bytes: Uint8Array,
): Promise<{ bytes: Uint8Array; type: ImageType } | null> {
  const type: ImageType | null = isPng(bytes) ? "png" : isJpeg(bytes) ? "jpeg" : null;
  if (type === "png" && !pngPixelsInflate(bytes)) return null;
  if (type === "jpeg") {
    const size = jpegSize(bytes);
    if (!size || size.width === 0 || size.height === 0) return null;
    if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) return null;
  }
  if (!type) return null;
  try {
    const { createCanvas, loadImage } = await import("@napi-rs/canvas");
    const image = await loadImage(Buffer.from(bytes));
    const scale = Math.min(1, DRAWN_SIDE / Math.max(image.width, image.height));
    const canvas = createCanvas(
      Math.max(1, Math.round(image.width * scale)),
      Math.max(1, Math.round(image.height * scale)),
    );
    canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
    const encoded =
      type === "png" ? await canvas.encode("png") : await canvas.encode("jpeg", JPEG_QUALITY);
    return { bytes: new Uint8Array(encoded), type };
  } catch {
    return null;
  }
}
