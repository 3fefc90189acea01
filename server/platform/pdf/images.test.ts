import { readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { canDrawImage, MAX_IMAGE_SIDE, pngPixelsInflate } from "./images.ts";

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

describe("whether an image can be drawn on a PDF", () => {
  it("draws the logos of the tests, PNG and JPEG, and a sound transparent PNG", async () => {
    expect(await canDrawImage(LOGO_PNG)).toBe(true);
    expect(await canDrawImage(LOGO_JPEG)).toBe(true);
    const rgba = png(4, 4, 6, deflateSync(Buffer.alloc(4 * (1 + 16), 0)));
    expect(pngPixelsInflate(rgba)).toBe(true);
    expect(await canDrawImage(rgba)).toBe(true);
  });

  it("refuses a transparent PNG whose pixels do not inflate, which pdfkit would fail on out of reach", async () => {
    // pdfkit accepts this one when drawing it, then throws from a zlib callback: uncaught, the
    // process ends (and a test run reports the error).
    const broken = png(4, 4, 6, Buffer.from("no deflate data here"));
    expect(pngPixelsInflate(broken)).toBe(false);
    expect(await canDrawImage(broken)).toBe(false);
  });

  it("refuses a PNG with fewer pixels than its header promises, or cut off", async () => {
    const short = png(4, 4, 2, deflateSync(Buffer.alloc(10, 0)));
    expect(await canDrawImage(short)).toBe(false);
    expect(await canDrawImage(LOGO_PNG.subarray(0, 60))).toBe(false);
  });

  it("refuses a PNG larger than any logo, before inflating its pixels", () => {
    const side = MAX_IMAGE_SIDE + 1;
    expect(pngPixelsInflate(png(side, 1, 0, deflateSync(Buffer.alloc(side + 1, 0))))).toBe(false);
  });

  it("refuses bytes that only start like a JPEG", async () => {
    const fake = new Uint8Array([0xff, 0xd8, 0xff, ...Buffer.from("<svg onload=alert(1)>")]);
    expect(await canDrawImage(fake)).toBe(false);
  });
});
