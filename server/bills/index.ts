// The bills area's door (decision 0010). This part is the pipeline from a file's bytes to the
// spec's analysis (decision 0023); the API, the jobs and the screen use it from here.
export { analyzeBill, findIssues, planAllowanceGB } from "./analyze.ts";
export {
  BILL_CARRIER_NAMES,
  BILL_CARRIERS,
  type Bill,
  type BillCarrier,
  type BillLine,
  type BillLineType,
  type ParsedBill,
} from "./bill.ts";
export { detectCarrier, parseBill } from "./parse/index.ts";
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
