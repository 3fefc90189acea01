import type { ParsedBill } from "#server/bills/bill.ts";
import { type PageRows, rowText, type TextRow } from "#server/bills/read/rows.ts";
import {
  addInternational,
  assembleBill,
  byPage,
  checkPageSubtotals,
  Findings,
  type LineCells,
  lineFromCells,
  paid,
  pickCells,
  printedSubtotals,
  summaryAmount,
  valueAfter,
} from "./common.ts";
import { type Column, fixedHeader, locateLabels, normalize, readTable } from "./table.ts";
import { date, period } from "./values.ts";

// Any other carrier: the line table is found by its header words, whatever their order, from
// the names carriers and resellers give their columns; the summary by the usual labels.

type Field = keyof LineCells;

/** Header words per field, longest first so "Device Balance" is not read as "Device". */
const SYNONYMS: Record<Field, string[]> = {
  phone: ["phone number", "wireless number", "mobile number", "line number", "number"],
  user: ["employee", "user name", "user", "name"],
  department: ["department", "cost center", "dept"],
  type: ["service type", "line type", "device type", "service", "type"],
  plan: ["rate plan", "plan name", "plan"],
  planCost: ["monthly fee", "plan charge", "monthly charges", "plan cost", "monthly"],
  data: ["data (gb)", "data used", "data usage", "data"],
  device: ["device", "equipment"],
  devicePayment: ["device pmt", "device payment", "installment", "equipment charge"],
  deviceBalance: ["device balance", "balance left", "remaining balance", "balance"],
  intl: ["intl charges", "international charges", "intl", "international"],
};

const TYPES = {
  voice: "voice",
  phone: "voice",
  smartphone: "voice",
  data: "mobile_internet",
  tablet: "mobile_internet",
  "mobile internet": "mobile_internet",
  hotspot: "mobile_internet",
  wearable: "wearable",
  watch: "wearable",
  smartwatch: "wearable",
} as const;

/** The header's columns, each field at the first of its words found where no other field is. */
function lineHeader(row: TextRow): Column<Field>[] | null {
  const text = normalize(rowText(row));
  const taken: [number, number][] = [];
  const found: { field: Field; label: string; at: number }[] = [];
  const candidates = (Object.entries(SYNONYMS) as [Field, string[]][])
    .flatMap(([field, words]) => words.map((label) => ({ field, label })))
    .sort((a, b) => b.label.length - a.label.length);
  for (const { field, label } of candidates) {
    if (found.some((f) => f.field === field)) continue;
    const re = new RegExp(`(^|[^a-z])${label.replace(/[()]/g, "\\$&")}(?![a-z])`, "g");
    for (const match of text.matchAll(re)) {
      const at = match.index + (match[1] ?? "").length;
      const end = at + label.length;
      if (taken.some(([s, e]) => at < e && end > s)) continue;
      taken.push([at, end]);
      found.push({ field, label, at });
      break;
    }
  }
  const has = (field: Field) => found.some((f) => f.field === field);
  if (!has("phone") || !has("planCost") || found.length < 4) return null;
  found.sort((a, b) => a.at - b.at);
  return locateLabels(
    row,
    found.map((f) => [f.field, f.label] as const),
  );
}

const INTERNATIONAL = fixedHeader([
  ["phone", "Phone Number"],
  ["countries", "Countries"],
  ["features", "Add-on"],
] as const);

/** The words at the row's start up to the first wide gap: OCR gives "Northwind" and "Mobile". */
function brandName(row: TextRow): string {
  const words: string[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const item of row.items) {
    if (words.length > 0 && item.x - end > 20) break;
    words.push(item.str);
    end = item.x + item.width;
  }
  return words.join(" ");
}

const SUBTOTAL = /^(line charges subtotal|page subtotal|subtotal)/i;

export function parseGeneric(pages: PageRows[]): ParsedBill {
  const findings = new Findings();
  const rows = readTable(pages, lineHeader, { phoneKey: "phone", stopAt: SUBTOTAL });
  const keys = Object.fromEntries(Object.keys(SYNONYMS).map((f) => [f, undefined])) as Record<
    Field,
    Field | undefined
  >;
  const read = rows.flatMap((row) => {
    const present = { ...keys };
    for (const field of Object.keys(row.cells) as Field[]) present[field] = field;
    const line = lineFromCells(pickCells(row, present), TYPES, row.page, findings);
    return line ? [{ page: row.page, line }] : [];
  });
  const lines = read.map((r) => r.line);
  addInternational(lines, readTable(pages, INTERNATIONAL, { phoneKey: "phone", stopAt: /^$/ }), {
    phone: "phone",
    countries: "countries",
    features: "features",
  });
  const subtotals = printedSubtotals(pages, SUBTOTAL);
  checkPageSubtotals(byPage(read), subtotals, findings);
  const brand = pages[0]?.rows.slice(0, 3).find((row) => (row.items[0]?.x ?? Infinity) < 100);
  const account = valueAfter(pages, /^account( number)?[^\s\w]?/i);
  const text = pages.flatMap((p) => p.rows.map(rowText)).join("\n");
  const periodText = /(?:statement|bill(?:ing)?) period:?\s*(.+?)(?=\s+(?:payment )?due|$)/im.exec(
    text,
  )?.[1];
  const due = /due date:?\s*([A-Za-z]{3}[a-z]*\.? \d{1,2},? \d{4}|\S+)/i.exec(text)?.[1];
  return assembleBill({
    carrier: "generic",
    // The brand in the page's top-left corner, where a reader looks for who sent the bill.
    carrierName: brand ? brandName(brand) : "Other carrier",
    accountNumber: account?.split(/\s+/)[0] ?? null,
    period: periodText ? period(periodText) : null,
    dueDate: due ? date(due) : null,
    lines,
    summary: {
      previous: summaryAmount(
        pages,
        /^(balance forward|previous balance)/i,
        "previous balance",
        findings,
      ),
      payments: paid(summaryAmount(pages, /^payments?( received)?/i, "payments", findings)),
      lineCharges: summaryAmount(
        pages,
        /^(service charges|line charges)/i,
        "service charges",
        findings,
      ),
      taxes: summaryAmount(pages, /^taxes(,| and| &) fees/i, "taxes and fees", findings),
      current: summaryAmount(pages, /^current charges/i, "current charges", findings),
      totalDue: summaryAmount(
        pages,
        /^(amount due|total due|total amount due)/i,
        "amount due",
        findings,
      ),
    },
    pageSubtotalsCents: subtotals.map((s) => s.cents),
    findings,
  });
}
