import type { BillReadFailure, BillReadStage } from "./read/index.ts";
import type { ReadBillResult } from "./read-bill.ts";

// What the server and its bill reader process say to each other (decision 0044). Apart from
// read-isolated.ts so that the reader's entry does not bundle the code that finds that entry.

/** What the child tells its parent. */
export type ChildMessage =
  | { type: "ready" }
  /** The bill's bytes arrived: from here a death is the read's, no longer the waiting's. */
  | { type: "received" }
  | { type: "stage"; stage: BillReadStage }
  | { type: "done"; result: ReadBillResult }
  | { type: "failed"; failure: BillReadFailure }
  | { type: "error"; message: string };

/** Asks a reader to load tesseract before its bill comes. */
export const READER_WARM_OCR_FLAG = "--warm-ocr";
