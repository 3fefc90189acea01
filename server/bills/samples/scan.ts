import { renderPageAsImage } from "unpdf";
import { seededRandom } from "./generate.ts";

// A "scanned" bill page (page 1 unless told): rendered at about 150 dpi, turned by a slight angle
// and speckled, as a paper bill through an office scanner or a phone camera comes out. Seeded, so reproducible.

export type ScanOptions = { seed: number; dpi?: number; degrees?: number; page?: number };

export async function scanPage(pdf: Uint8Array, options: ScanOptions): Promise<Uint8Array> {
  const canvasModule = await import("@napi-rs/canvas");
  const dpi = options.dpi ?? 150;
  const random = seededRandom(options.seed);
  const degrees = options.degrees ?? (0.5 + random()) * (random() < 0.5 ? -1 : 1);
  const rendered = await renderPageAsImage(pdf.slice(), options.page ?? 1, {
    scale: dpi / 72,
    canvasImport: () => import("@napi-rs/canvas"),
  });
  const page = await canvasModule.loadImage(Buffer.from(rendered));
  const canvas = canvasModule.createCanvas(page.width, page.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fbfaf6";
  ctx.fillRect(0, 0, page.width, page.height);
  ctx.translate(page.width / 2, page.height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.drawImage(page, -page.width / 2, -page.height / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const image = ctx.getImageData(0, 0, page.width, page.height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    // Grey toner, paper tint, and sparse specks: noise a scanner adds, kept sparse so the PNG
    // stays small enough to ship as a fixture.
    const grey = Math.round(((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255)) / 3);
    const roll = random();
    const value = roll < 0.004 ? 60 + random() * 80 : roll > 0.997 ? 255 : Math.min(255, grey + 8);
    data[i] = value;
    data[i + 1] = value;
    data[i + 2] = value;
  }
  ctx.putImageData(image, 0, 0);
  return new Uint8Array(await canvas.encode("png"));
}
