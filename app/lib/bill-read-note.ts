import type { BillReadSource } from "./domain.ts";

// What an analysis says when its figures came from text recognition (decision 0023, addendum):
// the same words on the screen, in the report and in the workbook. OCR can misread a name or a
// figure ("IT" read as "Im") while the bill's totals still agree, so the agent is told to check
// before quoting. A text PDF, and an analysis whose source is not known, say nothing.

export type BillReadNote = { title: string; detail: string };

const CHECK = "Check names and figures against the bill before you quote them.";

export function billReadNote(source: BillReadSource | null): BillReadNote | null {
  if (source === "ocr") {
    return {
      title: "Read from a scanned image",
      detail: `Text recognition can misread a name or a figure. ${CHECK}`,
    };
  }
  if (source === "mixed") {
    return {
      title: "Partly read from a scanned image",
      detail: `Some pages were scanned, and text recognition can misread a name or a figure on them. ${CHECK}`,
    };
  }
  return null;
}
