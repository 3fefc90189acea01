import { getDocumentProxy, renderPageAsImage } from "unpdf";
import { BillReadError } from "./errors.ts";
import { unpacksBeyond } from "./pdf-unpacked.ts";
import { groupIntoRows, type PositionedItem, type TextRow } from "./rows.ts";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

export const MAX_PDF_PAGES = 50;
/** A page with fewer items than this has no text layer worth reading: it is a scan. */
const MIN_ITEMS_FOR_TEXT = 5;
const OCR_DPI = 150;
/** No page is rendered larger than this on its long side, whatever size the PDF claims. */
const MAX_RENDER_SIDE = 2_600;

/**
 * Opens a PDF, or says in words why it cannot: password, damaged or cut off, too many pages, or
 * more data packed in it than a bill holds.
 */
export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  // A PDF ends with %%EOF (a few bytes of trailing junk are common); pdf.js would quietly
  // rebuild a file cut off in transit and read only part of the bill.
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - 2048)));
  if (!tail.includes("%%EOF")) throw new BillReadError("pdf_damaged");
  // pdf.js unpacks a stream whole, in this process: a small file that unpacks to gigabytes would
  // take the server's memory with it.
  if (await unpacksBeyond(bytes)) throw new BillReadError("pdf_too_large");
  let pdf: PdfDocument;
  try {
    pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "PasswordException") throw new BillReadError("pdf_encrypted");
    throw new BillReadError("pdf_damaged");
  }
  if (pdf.numPages > MAX_PDF_PAGES) {
    await pdf.loadingTask.destroy();
    throw new BillReadError("too_many_pages");
  }
  return pdf;
}

/** The page's text layer as rows, or null when it has none (a scanned page). */
export async function pageTextRows(
  pdf: PdfDocument,
  pageNumber: number,
): Promise<TextRow[] | null> {
  let content: Awaited<ReturnType<Awaited<ReturnType<PdfDocument["getPage"]>>["getTextContent"]>>;
  try {
    const page = await pdf.getPage(pageNumber);
    content = await page.getTextContent();
  } catch {
    throw new BillReadError("pdf_damaged");
  }
  const items: PositionedItem[] = [];
  for (const item of content.items) {
    if (!("str" in item) || item.str.trim() === "") continue;
    const [, , , , x = 0, y = 0] = item.transform;
    items.push({ str: item.str, x, y, width: item.width });
  }
  return items.length < MIN_ITEMS_FOR_TEXT ? null : groupIntoRows(items);
}

/** The page as a PNG at about 150 dpi, for OCR, with its height in pixels. */
export async function renderPage(
  pdf: PdfDocument,
  pageNumber: number,
): Promise<{ png: Uint8Array; height: number; dpi: number }> {
  try {
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    const scale = Math.min(
      OCR_DPI / 72,
      MAX_RENDER_SIDE / Math.max(viewport.width, viewport.height),
    );
    const png = await renderPageAsImage(pdf, pageNumber, {
      scale,
      canvasImport: () => import("@napi-rs/canvas"),
    });
    return {
      png: new Uint8Array(png),
      height: Math.round(viewport.height * scale),
      dpi: 72 * scale,
    };
  } catch {
    throw new BillReadError("pdf_damaged");
  }
}
