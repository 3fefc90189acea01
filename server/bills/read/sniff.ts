import { BillReadError } from "./errors.ts";

// The bytes decide what a file is, never its name or the browser's content type.

export type BillFileType = "pdf" | "png" | "jpeg";

/** Larger than any scan of a letter page at 600 dpi (5,100 × 6,600). */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 40_000_000;

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);

export function sniffBillFile(bytes: Uint8Array): BillFileType {
  if (bytes.length === 0) throw new BillReadError("empty");
  // PDF readers accept the header anywhere in the first 1 KB (some files start with junk).
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (head.includes("%PDF-")) return "pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  throw new BillReadError("not_a_bill_file");
}

const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 65536 + u16(b, at + 2);

/** Width and height from the header, read before any decoding; null when the header is broken. */
export function imageDimensions(
  bytes: Uint8Array,
  type: "png" | "jpeg",
): { width: number; height: number } | null {
  if (type === "png") {
    if (bytes.length < 24 || !startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return null;
    return { width: u32(bytes, 16), height: u32(bytes, 20) };
  }
  // JPEG: walk the segments to the first start-of-frame marker.
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: u16(bytes, at + 5), width: u16(bytes, at + 7) };
    at += 2 + u16(bytes, at + 2);
  }
  return null;
}

/** Refuses an image whose header promises more pixels than a bill page needs (a decoding bomb). */
export function checkImageSize(bytes: Uint8Array, type: "png" | "jpeg"): void {
  const size = imageDimensions(bytes, type);
  if (!size || size.width === 0 || size.height === 0) throw new BillReadError("image_damaged");
  if (
    size.width > MAX_IMAGE_SIDE ||
    size.height > MAX_IMAGE_SIDE ||
    size.width * size.height > MAX_IMAGE_PIXELS
  ) {
    throw new BillReadError("image_too_large");
  }
}
