import { readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { drawableImage, MAX_IMAGE_SIDE, pngPixelsInflate } from "./images.ts";

const LOGO_PNG = new Uint8Array(readFileSync("tests/fixtures/logo.png"));
const LOGO_JPEG = new Uint8Array(readFileSync("tests/fixtures/logo.jpg"));

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of this size and colour type (6: RGBA) whose pixel data is `pixels` as given. */
function png(width: number, height: number, colorType: number, pixels: Buffer): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colorType;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", pixels),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** Draws the image on a real document and ends it: pdfkit fails late, from zlib callbacks. */
async function printed(bytes: Uint8Array): Promise<number> {
  const { openPdf } = await import("./document.ts");
  const { doc, finish } = await openPdf({ title: "t", author: "a", subject: "s" });
  doc.image(Buffer.from(bytes), 48, 48, { fit: [150, 56] });
  return (await finish("footer")).byteLength;
}

describe("the images we print, encoded afresh", () => {
  it("re-encodes the test logos, PNG and JPEG, and a sound transparent PNG, in their own formats", async () => {
    const rgba = png(4, 4, 6, deflateSync(Buffer.alloc(4 * (1 + 16), 0)));
    for (const [bytes, type] of [
      [LOGO_PNG, "png"],
      [LOGO_JPEG, "jpeg"],
      [rgba, "png"],
    ] as const) {
      const drawable = await drawableImage(bytes);
      expect(drawable?.type).toBe(type);
      if (!drawable) throw new Error("not drawable");
      expect(drawable.bytes).not.toEqual(bytes);
      expect(await printed(drawable.bytes)).toBeGreaterThan(1000);
    }
  });

  it("makes a transparent PNG with bad row filters safe to print: pdfkit sees our encoding", async () => {
    // Every row's filter byte is 7 (there are five, 0-4): pdfkit would throw "Invalid filter
    // algorithm" from a zlib callback, uncaught, and the process would end.
    const badFilters = png(4, 4, 6, deflateSync(Buffer.alloc(4 * (1 + 16), 7)));
    const drawable = await drawableImage(badFilters);
    if (!drawable) throw new Error("not drawable");
    expect(await printed(drawable.bytes)).toBeGreaterThan(1000);
  });

  it("refuses a transparent PNG whose pixels do not inflate, or fewer of them than promised", async () => {
    expect(pngPixelsInflate(png(4, 4, 6, Buffer.from("no deflate data here")))).toBe(false);
    expect(await drawableImage(png(4, 4, 6, Buffer.from("no deflate data here")))).toBeNull();
    expect(await drawableImage(png(4, 4, 2, deflateSync(Buffer.alloc(10, 0))))).toBeNull();
    expect(await drawableImage(LOGO_PNG.subarray(0, 60))).toBeNull();
  });

  it("refuses an image larger than any logo, before decoding it", async () => {
    const side = MAX_IMAGE_SIDE + 1;
    expect(pngPixelsInflate(png(side, 1, 0, deflateSync(Buffer.alloc(side + 1, 0))))).toBe(false);
    // A JPEG's start of frame claiming 20,000 × 20,000 pixels.
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x4e, 0x20, 0x4e, 0x20, 0x03, 1, 0x22, 0, 2, 0x11,
      1, 3, 0x11, 1,
    ]);
    expect(await drawableImage(jpeg)).toBeNull();
  });

  it("scales a large logo down to 1,000 px on its long side", async () => {
    const { createCanvas, loadImage } = await import("@napi-rs/canvas");
    const canvas = createCanvas(1_800, 600);
    canvas.getContext("2d").fillRect(0, 0, 900, 300);
    const drawable = await drawableImage(new Uint8Array(await canvas.encode("png")));
    if (!drawable) throw new Error("not drawable");
    const image = await loadImage(Buffer.from(drawable.bytes));
    expect([image.width, image.height]).toEqual([1_000, 333]);
  });

  it("refuses bytes that only start like a JPEG, and anything else", async () => {
    const fake = new Uint8Array([0xff, 0xd8, 0xff, ...Buffer.from("<svg onload=alert(1)>")]);
    expect(await drawableImage(fake)).toBeNull();
    expect(await drawableImage(new TextEncoder().encode("GIF89a..."))).toBeNull();
  });
});
