import type { ParsedBill } from "#server/bills/bill.ts";
import type { PageRows } from "#server/bills/read/rows.ts";
import {
  addInternational,
  assembleBill,
  byPage,
  checkPageSubtotals,
  Findings,
  lineFromCells,
  paid,
  pickCells,
  printedSubtotals,
  summaryAmount,
  valueAfter,
} from "./common.ts";
import { fixedHeader, readTable } from "./table.ts";
import { date, period } from "./values.ts";

// AT&T business wireless statement: "Wireless charges by line" with dotted numbers, amounts
// without a dollar sign, a cost center per line, a subtotal on every page, and the countries on
// a page of their own.

const LINES = fixedHeader([
  ["phone", "Wireless number"],
  ["user", "User"],
  ["department", "Cost center"],
  ["type", "Type"],
  ["plan", "Plan"],
  ["planCost", "Monthly charges"],
  ["data", "Data used"],
  ["device", "Device"],
  ["devicePayment", "Installment"],
  ["deviceBalance", "Balance left"],
  ["intl", "Intl"],
] as const);

const INTERNATIONAL = fixedHeader([
  ["phone", "Wireless number"],
  ["countries", "Countries"],
  ["features", "Feature"],
] as const);

const TYPES = { smartphone: "voice", tablet: "mobile_internet", wearable: "wearable" } as const;

export function parseAtt(pages: PageRows[]): ParsedBill {
  const findings = new Findings();
  const rows = readTable(pages, LINES, { phoneKey: "phone", stopAt: /^subtotal this page/i });
  const read = rows.flatMap((row) => {
    const line = lineFromCells(
      pickCells(row, {
        phone: "phone",
        user: "user",
        department: "department",
        type: "type",
        plan: "plan",
        planCost: "planCost",
        data: "data",
        device: "device",
        devicePayment: "devicePayment",
        deviceBalance: "deviceBalance",
        intl: "intl",
      }),
      TYPES,
      row.page,
      findings,
    );
    return line ? [{ page: row.page, line }] : [];
  });
  const lines = read.map((r) => r.line);
  addInternational(lines, readTable(pages, INTERNATIONAL, { phoneKey: "phone", stopAt: /^$/ }), {
    phone: "phone",
    countries: "countries",
    features: "features",
  });
  const subtotals = printedSubtotals(pages, /^subtotal this page/i);
  checkPageSubtotals(byPage(read), subtotals, findings);
  const account = valueAfter(pages, /^account number/i);
  const periodText = valueAfter(pages, /^.*bill period/i);
  const due = valueAfter(pages, /^pay by/i);
  return assembleBill({
    carrier: "att",
    carrierName: "AT&T",
    accountNumber: account
      ? (account.split(/\s{1,2}bill period/i)[0]?.replace(/\s/g, "") ?? null)
      : null,
    period: periodText ? period(periodText) : null,
    dueDate: due ? date(due) : null,
    lines,
    summary: {
      previous: summaryAmount(pages, /^previous balance/i, "previous balance", findings),
      payments: paid(summaryAmount(pages, /^payment - thank you/i, "payments", findings)),
      lineCharges: summaryAmount(
        pages,
        /^wireless charges(?! by line)/i,
        "wireless charges",
        findings,
      ),
      taxes: summaryAmount(pages, /^surcharges, taxes & fees/i, "taxes and fees", findings),
      current: summaryAmount(pages, /^total current charges/i, "current charges", findings),
      totalDue: summaryAmount(pages, /^total due/i, "total due", findings),
    },
    pageSubtotalsCents: subtotals.map((s) => s.cents),
    findings,
  });
}
