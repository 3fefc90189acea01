import type { BillAnalysisResult } from "./bill-analysis.ts";
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

// What a bill did not give up (decision 0023, addendum): a field of its header or a line the
// reader could not read. Said beside the analysis rather than among the customer's compliance
// issues, which are about the account, not about our reading of it.

export type BillUnreadNote = BillReadNote & { items: readonly string[] };

export function billUnreadNote(
  result: Pick<BillAnalysisResult, "notReadFromBill">,
): BillUnreadNote | null {
  const items = result.notReadFromBill ?? [];
  if (items.length === 0) return null;
  return {
    title: "Some of the bill could not be read",
    detail:
      "The analysis goes without what is listed here. Check its figures against the bill before you quote them.",
    items,
  };
}

/**
 * Beside the monthly total when it is not the bill's own figure but the lines added up: a whole
 * sentence, as it stands under the figure on the screen, in the report and in the workbook.
 */
export function billTotalNote(result: Pick<BillAnalysisResult, "totalMonthlyBillFrom">) {
  if (result.totalMonthlyBillFrom === "lines") {
    return "The total is the lines added up: the bill's own total could not be read.";
  }
  if (result.totalMonthlyBillFrom === "lines_and_taxes") {
    return "The total is the lines and taxes added up: the bill's own total could not be read.";
  }
  return null;
}
