// The bills area's door (decision 0010): the pipeline from a file's bytes to the spec's analysis
// (decision 0023), and the analyses as records and jobs (decision 0024).

export * from "./analyses.ts";
export { analyzeBill, findIssues, planAllowanceGB, withDeviceCertification } from "./analyze.ts";
export {
  BILL_CARRIER_NAMES,
  BILL_CARRIERS,
  type Bill,
  type BillCarrier,
  type BillLine,
  type BillLineType,
  type ParsedBill,
  readWhole,
} from "./bill.ts";
export { submitDemoBill } from "./demo.ts";
export {
  BILL_JOB_LEASE_SECONDS,
  BILL_JOB_MAX_ATTEMPTS,
  type BillJob,
  type BillWorker,
  claimBillJob,
  createBillWorker,
  runBillJob,
  runNextBillJob,
} from "./jobs.ts";
export { detectCarrier, parseBill } from "./parse/index.ts";
export { quoteFromBill } from "./quote-from-bill.ts";
export {
  BILL_READ_FAILURES,
  BillReadError,
  type BillReadFailure,
  type BillReadStage,
  isBillReadError,
  type ReadOptions,
  shutDownOcr,
} from "./read/index.ts";
export { type BillReadTimings, type ReadBillResult, readBill } from "./read-bill.ts";
export { type BillExport, billLinesWorkbook, billReportPdf } from "./report/exports.ts";
export { withSavings } from "./savings.ts";
