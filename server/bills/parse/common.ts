import {
  type Bill,
  type BillCarrier,
  type BillLine,
  type BillLineType,
  dollars,
  lineChargesCents,
  type ParsedBill,
} from "#server/bills/bill.ts";
import { type PageRows, rowText } from "#server/bills/read/rows.ts";
import { normalize, type TableRow } from "./table.ts";
import { cleanAmount, cleanText, firstAmount, gigabytes, money, phoneNumber } from "./values.ts";

// What every layout's parser shares: reading the summary by its labels, turning a table row into
// a line, and checking the bill against its own printed totals.

/** The text after `label` on the first row that starts with it, or null. */
export function valueAfter(pages: PageRows[], label: RegExp): string | null {
  for (const page of pages) {
    for (const row of page.rows) {
      const text = rowText(row);
      const match = label.exec(text);
      if (match && match.index === 0) return text.slice(match[0].length).trim();
    }
  }
  return null;
}

/**
 * Collects what could not be read (`unread`) and what does not add up (`notes`): a parse never
 * hides either. They are kept apart because only a disagreement is about the bill itself; what
 * the reader missed is said beside the analysis, never among the customer's issues.
 */
export class Findings {
  readonly notes: string[] = [];
  readonly unread: string[] = [];
  missing(what: string) {
    this.unread.push(`The bill's ${what} could not be read.`);
  }
  unreadableRow(page: number, text: string) {
    this.unread.push(`A line on page ${page} could not be read: "${text}".`);
  }
  /** "the lines add up to $X, the bill prints $Y" when they differ. */
  agree(computedWhat: string, computed: number, printedWhat: string, printed: number | null) {
    if (printed === null || computed === printed) return;
    this.notes.push(
      `${computedWhat} add up to ${dollars(computed)}; ${printedWhat} ${dollars(printed)}.`,
    );
  }
}

/** The summary's amount after `label`, noting it when absent or unreadable. */
export function summaryAmount(
  pages: PageRows[],
  label: RegExp,
  what: string,
  findings: Findings,
): number | null {
  const text = valueAfter(pages, label);
  const cents = text === null ? null : firstAmount(text);
  if (cents === null) findings.missing(what);
  return cents;
}

export type LineCells = {
  phone: string;
  user: string;
  department: string;
  type: string;
  plan: string;
  planCost: string;
  data: string;
  device?: string | undefined;
  devicePayment?: string | undefined;
  deviceBalance?: string | undefined;
  intl?: string | undefined;
};

const cellOf = <K extends string>(row: TableRow<K>, key: K | undefined) =>
  key ? row.cells[key] : undefined;

/** The table row's cells under the line's field names, by the layout's column keys. */
export function pickCells<K extends string>(
  row: TableRow<K>,
  keys: Record<keyof LineCells, K | undefined>,
): LineCells {
  return {
    phone: cellOf(row, keys.phone) ?? "",
    user: cellOf(row, keys.user) ?? "",
    department: cellOf(row, keys.department) ?? "",
    type: cellOf(row, keys.type) ?? "",
    plan: cellOf(row, keys.plan) ?? "",
    planCost: cellOf(row, keys.planCost) ?? "",
    data: cellOf(row, keys.data) ?? "",
    device: cellOf(row, keys.device),
    devicePayment: cellOf(row, keys.devicePayment),
    deviceBalance: cellOf(row, keys.deviceBalance),
    intl: cellOf(row, keys.intl),
  };
}

/** A line from its cells, or null (noted) when a value does not have its format. */
export function lineFromCells(
  cells: LineCells,
  types: Record<string, BillLineType>,
  page: number,
  findings: Findings,
): BillLine | null {
  const phone = phoneNumber(cells.phone);
  const amount = (cell: string | undefined) => (cell === undefined ? 0 : money(cleanAmount(cell)));
  // The plan's charge is never blank on a bill: a blank cell is a value OCR lost, not a zero.
  const planCents = cells.planCost.trim() === "" ? null : amount(cells.planCost);
  const dataGB = gigabytes(cleanAmount(cells.data));
  const lineType = types[normalize(cells.type)];
  const intl = amount(cells.intl);
  const monthly = amount(cells.devicePayment);
  const remaining = amount(cells.deviceBalance);
  const deviceName = cleanText(cells.device ?? "");
  if (
    !phone ||
    planCents === null ||
    dataGB === null ||
    !lineType ||
    intl === null ||
    monthly === null ||
    remaining === null
  ) {
    findings.unreadableRow(page, Object.values(cells).filter(Boolean).join(" "));
    return null;
  }
  const financed = deviceName !== "" && deviceName !== "-" && (monthly !== 0 || remaining !== 0);
  return {
    phoneNumber: phone,
    user: cleanText(cells.user),
    department: cleanText(cells.department),
    lineType,
    plan: cleanText(cells.plan),
    planCents,
    dataGB,
    device: financed
      ? { name: deviceName, monthlyCents: monthly, remainingCents: remaining }
      : null,
    internationalCents: intl,
    countries: [],
    features: [],
  };
}

/** Countries as the bill lists them: "Mexico, Canada". */
export const countryList = (text: string) =>
  text
    .split(",")
    .map(cleanText)
    .filter((c) => c !== "" && c !== "-");

/** Features as the bill lists them, "None" and "-" meaning none. */
export const featureList = (text: string) =>
  countryList(text).filter((f) => !/^(none|no travel plan)$/i.test(f));

export const sumLines = (lines: BillLine[]) => lines.reduce((s, l) => s + lineChargesCents(l), 0);

/** Page subtotals against the lines read on each page. */
export function checkPageSubtotals(
  linesByPage: Map<number, BillLine[]>,
  printed: { page: number; cents: number }[],
  findings: Findings,
) {
  for (const { page, cents } of printed) {
    findings.agree(
      `The lines on page ${page}`,
      sumLines(linesByPage.get(page) ?? []),
      "the page prints",
      cents,
    );
  }
}

export type SummaryCents = {
  lineCharges: number | null;
  taxes: number | null;
  current: number | null;
  previous: number | null;
  payments: number | null;
  totalDue: number | null;
};

/** The bill from its parts, checked against every total it prints. */
export function assembleBill(input: {
  carrier: BillCarrier;
  carrierName: string;
  accountNumber: string | null;
  period: { start: string; end: string } | null;
  dueDate: string | null;
  lines: BillLine[];
  summary: SummaryCents;
  pageSubtotalsCents: number[];
  findings: Findings;
}): ParsedBill {
  const { summary, findings, lines } = input;
  // The header's fields first, as the bill prints them, then its amounts and any line left out.
  const header = new Findings();
  if (!input.accountNumber) header.missing("account number");
  if (!input.period) header.missing("period");
  if (!input.dueDate) header.missing("due date");
  if (lines.length === 0) header.unread.push("No lines were found on the bill.");
  const lineCharges = sumLines(lines);
  findings.agree("The lines", lineCharges, "the bill prints", summary.lineCharges);
  if (summary.lineCharges !== null && summary.taxes !== null) {
    findings.agree(
      "Line charges and taxes",
      summary.lineCharges + summary.taxes,
      "the bill prints current charges of",
      summary.current,
    );
  }
  if (summary.previous !== null && summary.payments !== null && summary.current !== null) {
    findings.agree(
      "The previous balance, payments and current charges",
      summary.previous - summary.payments + summary.current,
      "the bill prints a total due of",
      summary.totalDue,
    );
  }
  const totals: Bill["totals"] = {
    lineChargesCents: summary.lineCharges ?? lineCharges,
    taxesAndFeesCents: summary.taxes ?? 0,
    currentChargesCents: summary.current ?? lineCharges + (summary.taxes ?? 0),
    previousBalanceCents: summary.previous ?? 0,
    paymentsCents: summary.payments ?? 0,
    totalDueCents: summary.totalDue ?? summary.current ?? 0,
    pageSubtotalsCents: input.pageSubtotalsCents,
  };
  return {
    carrier: input.carrier,
    carrierName: input.carrierName,
    accountNumber: input.accountNumber ?? "",
    period: input.period ?? { start: "", end: "" },
    dueDate: input.dueDate ?? "",
    lines,
    totals,
    checks: findings.notes,
    unread: [...header.unread, ...findings.unread],
    currentChargesFrom:
      summary.current !== null ? "bill" : summary.taxes !== null ? "lines_and_taxes" : "lines",
    headerRead:
      Boolean(input.accountNumber) ||
      input.period !== null ||
      Boolean(input.dueDate) ||
      summary.current !== null ||
      summary.totalDue !== null,
  };
}

/** Lines grouped by the page they were printed on, for the page subtotals. */
export function byPage(rows: { page: number; line: BillLine }[]): Map<number, BillLine[]> {
  const map = new Map<number, BillLine[]>();
  for (const { page, line } of rows) map.set(page, [...(map.get(page) ?? []), line]);
  return map;
}

/** Payments print as credits ("-$10.00", "($10.00)", "10.00 CR"): the amount paid. */
export const paid = (cents: number | null) => (cents === null ? null : Math.abs(cents));

/** Countries and features from a table of (phone, countries, feature) onto the lines. */
export function addInternational<K extends string>(
  lines: BillLine[],
  rows: TableRow<K>[],
  keys: { phone: K; countries: K; features: K },
) {
  for (const row of rows) {
    const line = lines.find((l) => l.phoneNumber === phoneNumber(row.cells[keys.phone]));
    if (!line) continue;
    line.countries = countryList(row.cells[keys.countries]);
    line.features = featureList(row.cells[keys.features]);
  }
}

/** Each page's printed subtotal of its lines, where the page prints one. */
export function printedSubtotals(
  pages: PageRows[],
  label: RegExp,
): { page: number; cents: number }[] {
  return pages.flatMap((page) => {
    const value = valueAfter([page], label);
    const cents = value === null ? null : firstAmount(value);
    return cents === null ? [] : [{ page: page.page, cents }];
  });
}
