import { DomainError } from "#server/platform/errors.ts";

// Why a file could not be read as a bill: a code for the screen and the tests, and a message a
// person understands (the screen shows it after "Failed to analyze bill").

export const BILL_READ_FAILURES = {
  not_a_bill_file: "The file is not a PDF, PNG or JPEG.",
  empty: "The file is empty.",
  pdf_encrypted: "The PDF is protected by a password. Save it without a password and try again.",
  pdf_damaged: "The PDF is damaged or incomplete and cannot be read.",
  too_many_pages: "The PDF has more than 50 pages. Upload only the bill's pages.",
  pdf_too_large:
    "The PDF unpacks to more than 256 MB, far more than a bill holds. Upload only the bill's pages.",
  image_too_large: "The image is too large (more than 10,000 pixels a side or 40 megapixels).",
  image_damaged: "The image is damaged and cannot be read.",
  unreadable_scan: "The scan could not be read. Try a sharper photo or the PDF of the bill.",
  timed_out: "Reading the bill took too long and was stopped.",
  cancelled: "Reading the bill was cancelled.",
  too_much_memory:
    "The file is too complex to read: it needs far more memory than a bill does. Upload the carrier's own PDF of the bill, or a clear scan of every page.",
  reader_crashed:
    "Reading the file stopped unexpectedly. Upload the carrier's own PDF of the bill.",
  no_text: "No text was found in the file.",
  not_a_carrier_bill:
    "The file does not look like a carrier bill: no account number, bill period, due date or total was found on it. Upload the carrier's own PDF of the bill, or a clear scan of every page.",
  no_lines:
    "No phone lines were found on the bill. Upload the carrier's own PDF of the bill, or a clear scan of every page.",
} as const;

export type BillReadFailure = keyof typeof BILL_READ_FAILURES;

export class BillReadError extends DomainError {
  readonly failure: BillReadFailure;
  constructor(failure: BillReadFailure, message: string = BILL_READ_FAILURES[failure]) {
    super("invalid", message, { code: failure });
    this.name = "BillReadError";
    this.failure = failure;
  }
}

export function isBillReadError(error: unknown): error is BillReadError {
  return error instanceof BillReadError;
}
