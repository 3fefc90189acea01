import { z } from "zod";
import { billAnalysisResultSchema } from "#app/lib/bill-analysis.ts";
import { BILL_ANALYSIS_STATUSES, BILL_READ_SOURCES } from "#app/lib/domain.ts";
import { optionalRecordId, pageNumber, recordId } from "./fields.ts";
import { text } from "./text.ts";

// The bill analyzer's schemas (issue 16): the upload's rules, the analysis ids and pages, and the
// job's answer the screen polls. The screen and the API read the same ones.

/** One bill file's cap: the spec sets none, the design caps every upload (a bill is a few MB). */
export const MAX_BILL_BYTES = 10 * 1024 * 1024;
export const MAX_BILL_FILE_NAME = 255;

/** The spec's words (section 8), and ours beside them: the screen shows them, the API answers them. */
export const ANALYZE_FAILED = "Failed to analyze bill";
export const UPLOAD_A_BILL_FIRST = "Please upload a bill first";
export const BILL_TOO_LARGE = "The file is larger than 10 MB.";
export const BILL_ANALYSIS_NOT_FOUND = "Bill analysis not found";
/** What a failed job says when the failure is ours rather than the file's. */
export const ANALYSIS_CRASHED = `${ANALYZE_FAILED}. Please try again.`;

/** Where a job is, in the order it passes the stages. */
export const BILL_STAGES = ["uploading", "reading", "ocr", "finding", "comparing", "done"] as const;
export type BillStage = (typeof BILL_STAGES)[number];

export const BILL_STAGE_LABELS: Record<BillStage, string> = {
  uploading: "Uploading",
  reading: "Reading text",
  ocr: "Recognizing a scanned page",
  finding: "Finding lines",
  comparing: "Comparing with the catalog",
  done: "Done",
};

/** An analysis id from a URL or a form: anything that is not one is not found. */
export const billAnalysisIdSchema = z.object({ id: recordId(BILL_ANALYSIS_NOT_FOUND) });

/** The upload's fields other than the file: a customer to attach it to, optional. */
export const submitBillFieldsSchema = z.object({
  customerId: optionalRecordId("Choose a customer"),
});

export const attachBillSchema = z.object({
  id: recordId(BILL_ANALYSIS_NOT_FOUND),
  customerId: recordId("Choose a customer"),
});

/** A page of past analyses: page 1 when missing or not a page. */
export const billAnalysesPageSchema = z.object({
  page: pageNumber(10_000),
});

/** `?wait=1` (or `Prefer: wait`) asks POST /api/analyze-bill to answer the result itself. */
export const analyzeWaitSchema = text()
  .optional()
  .catch(undefined)
  .transform((value) => value === "1" || value === "true");

/** What GET /api/bill-analyses/:id answers: the job's state and, once done, the analysis. */
export const billAnalysisStateSchema = z.object({
  id: z.uuid(),
  status: z.enum(BILL_ANALYSIS_STATUSES),
  stage: z.enum(BILL_STAGES),
  progress: z.number().int().min(0).max(100),
  error: text({ multiline: true }).nullable(),
  // z.nullable(…) rather than a method of the imported schema: the browser build drops unused
  // calls of `z` (SCHEMA_BUILDERS), not of another schema's methods, and a page showing the
  // stage labels kept zod for this unused schema (decision 0036).
  result: z.nullable(billAnalysisResultSchema),
  /** How the bill was read, once done; null before, and for a PDF analysed before it was kept. */
  readSource: z.nullable(z.enum(BILL_READ_SOURCES)),
});
export type BillAnalysisState = z.infer<typeof billAnalysisStateSchema>;

/** A stored stage we do not know (a newer server's) reads as the nearest honest one. */
export function billStageOf(value: string): BillStage {
  const parsed = z.enum(BILL_STAGES).safeParse(value);
  return parsed.success ? parsed.data : "reading";
}
