import { BillReadError } from "./errors.ts";
import { recognizeRows } from "./ocr.ts";
import { openPdf, pageTextRows, renderPage } from "./pdf.ts";
import type { PageRows } from "./rows.ts";
import { type BillFileType, checkImageSize, imageDimensions, sniffBillFile } from "./sniff.ts";

export {
  BILL_READ_FAILURES,
  BillReadError,
  type BillReadFailure,
  isBillReadError,
} from "./errors.ts";
export { shutDownOcr } from "./ocr.ts";
export { type PageRows, rowText, type TextItem, type TextRow } from "./rows.ts";
export { type BillFileType, sniffBillFile } from "./sniff.ts";

/** What the reader is doing, for the progress the screen shows. */
export type BillReadStage =
  | { stage: "reading_text" }
  | { stage: "ocr"; page: number; pages: number }
  | { stage: "finding_lines" };

export type ReadOptions = {
  signal?: AbortSignal | undefined;
  /** The whole read, OCR included. Default: 60 s. */
  timeLimitMs?: number | undefined;
  onStage?: ((stage: BillReadStage) => void) | undefined;
};

export type BillPages = { type: BillFileType; pages: PageRows[] };

export const DEFAULT_READ_TIME_LIMIT_MS = 60_000;

/** A bill file's pages as rows of positioned text: the PDF's text layer, or OCR where it has none. */
export async function readBillPages(
  bytes: Uint8Array,
  options: ReadOptions = {},
): Promise<BillPages> {
  const deadline = Date.now() + (options.timeLimitMs ?? DEFAULT_READ_TIME_LIMIT_MS);
  const left = () => deadline - Date.now();
  const check = () => {
    if (options.signal?.aborted) throw new BillReadError("cancelled");
    if (left() <= 0) throw new BillReadError("timed_out");
  };
  const type = sniffBillFile(bytes);
  if (type !== "pdf") {
    checkImageSize(bytes, type);
    const height = imageDimensions(bytes, type)?.height ?? 0;
    check();
    options.onStage?.({ stage: "ocr", page: 1, pages: 1 });
    const rows = await recognizeRows(bytes, height, {
      timeLimitMs: left(),
      signal: options.signal,
    });
    return { type, pages: [{ page: 1, source: "ocr", rows }] };
  }
  options.onStage?.({ stage: "reading_text" });
  const pdf = await openPdf(bytes);
  try {
    const pages: PageRows[] = [];
    const scanned: number[] = [];
    for (let page = 1; page <= pdf.numPages; page += 1) {
      check();
      const rows = await pageTextRows(pdf, page);
      if (rows) pages.push({ page, source: "text", rows });
      else scanned.push(page);
    }
    for (const [index, page] of scanned.entries()) {
      check();
      options.onStage?.({ stage: "ocr", page: index + 1, pages: scanned.length });
      const image = await renderPage(pdf, page);
      const rows = await recognizeRows(image.png, image.height, {
        timeLimitMs: left(),
        signal: options.signal,
        dpi: image.dpi,
      });
      pages.push({ page, source: "ocr", rows });
    }
    pages.sort((a, b) => a.page - b.page);
    if (pages.every((p) => p.rows.length === 0)) throw new BillReadError("no_text");
    return { type, pages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
