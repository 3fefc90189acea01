import { startOcr } from "./ocr.ts";
import { openPdf, pageTextRows } from "./pdf.ts";

// What a reader process loads before its bill arrives (decision 0044): pdf.js, loaded on first
// use, and optionally tesseract's worker with its English data. Without it the first bill of a
// fresh process waits for both: about 0.15 s for a text PDF and 0.8 s more for a scan.

/** A one-page PDF with a line of text, built here so that its cross-reference offsets are right. */
function onePagePdf(): Uint8Array {
  const stream = "BT /F1 12 Tf 72 720 Td (Carrierline reader warm-up: one line of text) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/**
 * Loads the reader's libraries by reading a PDF of our own, then tesseract's worker if `ocr` still
 * says so (a bill that came meanwhile loads it only if it needs it).
 */
export async function warmUpReader(options: { ocr: () => boolean }): Promise<void> {
  const pdf = await openPdf(onePagePdf());
  try {
    await pageTextRows(pdf, 1);
  } finally {
    await pdf.loadingTask.destroy();
  }
  if (options.ocr()) await startOcr();
}
