import type { BillTotalSource } from "#app/lib/bill-analysis.ts";

// The bill as the pipeline reads it: what a carrier bill says, in the bill's own terms. Money in
// whole cents (parsing must be exact, and cents add up without rounding), data in GB, dates ISO.

export const BILL_CARRIERS = ["att", "verizon", "tmobile", "generic"] as const;
export type BillCarrier = (typeof BILL_CARRIERS)[number];

export const BILL_CARRIER_NAMES: Record<BillCarrier, string> = {
  att: "AT&T",
  verizon: "Verizon",
  tmobile: "T-Mobile",
  generic: "Other carrier",
};

export type BillLineType = "voice" | "mobile_internet" | "wearable";

export type BillDevice = {
  name: string;
  /** Monthly installment, cents. */
  monthlyCents: number;
  /** Balance left to pay on the device, cents. */
  remainingCents: number;
};

export type BillLine = {
  /** Always "(555) 010-1234", whatever the bill prints. */
  phoneNumber: string;
  user: string;
  department: string;
  lineType: BillLineType;
  plan: string;
  planCents: number;
  dataGB: number;
  device: BillDevice | null;
  internationalCents: number;
  /** Countries where the line was used abroad, as the bill names them. */
  countries: string[];
  /** Add-ons the bill lists for the line (an international pass…), as printed. */
  features: string[];
};

export type BillTotals = {
  /** Sum of the per-line charges (plan + device + international) the bill prints. */
  lineChargesCents: number;
  taxesAndFeesCents: number;
  /** Current charges: line charges plus taxes and fees. */
  currentChargesCents: number;
  previousBalanceCents: number;
  paymentsCents: number;
  totalDueCents: number;
  /** Each page's printed subtotal of line charges, when the layout prints one. */
  pageSubtotalsCents: number[];
};

export type Bill = {
  carrier: BillCarrier;
  /** The carrier's name as printed (the generic layout's brand). */
  carrierName: string;
  accountNumber: string;
  period: { start: string; end: string };
  dueDate: string;
  lines: BillLine[];
  totals: BillTotals;
};

/** What a parser could read, and what it found when checking the bill against its own totals. */
export type ParsedBill = Bill & {
  /** "the lines add up to $X, the bill prints $Y", and such: disagreements, never hidden. */
  checks: string[];
  /**
   * What could not be read from the bill, in words: a field of its header, a line left out. The
   * reader's shortfall, not something wrong with the customer's account, so kept apart from
   * `checks` and from the analysis's issues.
   */
  unread: string[];
  /** Where `totals.currentChargesCents` comes from. */
  currentChargesFrom: BillTotalSource;
  /**
   * Whether any of the bill's own header figures was read: its account number, period, due date,
   * current charges or amount due. A document with none of them is not a carrier bill, whatever
   * table of phone numbers it holds (decision 0023, addendum).
   */
  headerRead: boolean;
};

/** A bill read whole: every figure printed and read, nothing left out, nothing disagreeing. */
export function readWhole(bill: Bill): ParsedBill {
  return { ...bill, checks: [], unread: [], currentChargesFrom: "bill", headerRead: true };
}

/** A line's own charges: what its row adds to the bill's line charges. */
export function lineChargesCents(line: BillLine): number {
  return line.planCents + (line.device?.monthlyCents ?? 0) + line.internationalCents;
}

/** "$1,234.56" (negative as "-$1.00"): how a finding quotes an amount. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}
