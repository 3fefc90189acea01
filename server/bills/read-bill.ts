import type { BillReadSource } from "#app/lib/domain.ts";
import type { ParsedBill } from "./bill.ts";
import { parseBill } from "./parse/index.ts";
import {
  type BillFileType,
  BillReadError,
  type BillReadStage,
  type ReadOptions,
  readBillPages,
} from "./read/index.ts";

export type BillReadTimings = {
  /** Opening the file and reading its text layer. */
  readingTextMs: number;
  /** Recognising scanned pages and images. */
  ocrMs: number;
  /** Finding the lines and totals in the rows. */
  findingLinesMs: number;
};

export type ReadBillResult = {
  type: BillFileType;
  /** Where the text came from: the PDF's text layer, OCR, or both (some pages scanned). */
  source: BillReadSource;
  pages: number;
  bill: ParsedBill;
  timings: BillReadTimings;
};

/**
 * From a file's bytes to the bill it prints (issue 16): the type by its bytes, the text by
 * position (OCR where there is no text layer), the carrier's parser, the bill checked against its
 * own totals (`bill.checks`). Throws a BillReadError with a message for a person when it cannot.
 */
export async function readBill(
  bytes: Uint8Array,
  options: ReadOptions = {},
): Promise<ReadBillResult> {
  const timings: BillReadTimings = { readingTextMs: 0, ocrMs: 0, findingLinesMs: 0 };
  const keyOf = (stage: BillReadStage): keyof BillReadTimings =>
    stage.stage === "ocr"
      ? "ocrMs"
      : stage.stage === "finding_lines"
        ? "findingLinesMs"
        : "readingTextMs";
  let current: keyof BillReadTimings = "readingTextMs";
  let since = performance.now();
  const enter = (stage: BillReadStage) => {
    const now = performance.now();
    timings[current] += now - since;
    current = keyOf(stage);
    since = now;
    options.onStage?.(stage);
  };
  const { type, pages } = await readBillPages(bytes, { ...options, onStage: enter });
  enter({ stage: "finding_lines" });
  if (options.signal?.aborted) throw new BillReadError("cancelled");
  const bill = parseBill(pages);
  // A table of phone numbers is not a bill: our own analysis report, or a list of an account's
  // lines, reads as lines and nothing else, and its analysis would show a total summed from
  // them, no due date, and a saving, all looking as sure as a real bill's.
  if (!bill.headerRead) throw new BillReadError("not_a_carrier_bill");
  // Without a line there is nothing to analyse: an analysis of $0 and no lines, compared with
  // each carrier's price for "1 lines", would only mislead.
  if (bill.lines.length === 0) throw new BillReadError("no_lines");
  timings[current] += performance.now() - since;
  const sources = new Set(pages.map((p) => p.source));
  return {
    type,
    source: sources.size > 1 ? "mixed" : sources.has("ocr") ? "ocr" : "text",
    pages: pages.length,
    bill,
    timings,
  };
}
