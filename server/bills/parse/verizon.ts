import type { ParsedBill } from "#server/bills/bill.ts";
import { type PageRows, rowText } from "#server/bills/read/rows.ts";
import {
  assembleBill,
  byPage,
  checkPageSubtotals,
  countryList,
  Findings,
  featureList,
  lineFromCells,
  paid,
  pickCells,
  printedSubtotals,
  summaryAmount,
  valueAfter,
} from "./common.ts";
import { fixedHeader, readTable } from "./table.ts";
import { date, money, period } from "./values.ts";

// Verizon business bill: "Charges by line" with dashed numbers and a line total per line; the
// device payment and the countries visited print on lines of their own under the line's row.

const LINES = fixedHeader([
  ["phone", "Mobile number"],
  ["user", "User name"],
  ["department", "Department"],
  ["type", "Type"],
  ["plan", "Plan"],
  ["planCost", "Plan charge"],
  ["data", "Data"],
  ["intl", "Intl"],
  ["total", "Line total"],
] as const);

const TYPES = { smartphone: "voice", tablet: "mobile_internet", smartwatch: "wearable" } as const;
const DEVICE = /^Device payment: (.+), (\$[\d,]+\.\d{2})\/mo, (\$[\d,]+\.\d{2}) remaining$/;
const INTERNATIONAL = /^International: ([^;]+); (.+)$/;

export function parseVerizon(pages: PageRows[]): ParsedBill {
  const findings = new Findings();
  const rows = readTable(pages, LINES, { phoneKey: "phone", stopAt: /^lines on this page total/i });
  const read = rows.flatMap((row) => {
    let device: { name: string; monthly: string; remaining: string } | undefined;
    let international: { countries: string; features: string } | undefined;
    for (const extra of row.following) {
      const text = rowText(extra);
      const d = DEVICE.exec(text);
      if (d) device = { name: d[1] ?? "", monthly: d[2] ?? "", remaining: d[3] ?? "" };
      const i = INTERNATIONAL.exec(text);
      if (i) international = { countries: i[1] ?? "", features: i[2] ?? "" };
    }
    const line = lineFromCells(
      {
        ...pickCells(row, {
          phone: "phone",
          user: "user",
          department: "department",
          type: "type",
          plan: "plan",
          planCost: "planCost",
          data: "data",
          intl: "intl",
          device: undefined,
          devicePayment: undefined,
          deviceBalance: undefined,
        }),
        device: device?.name,
        devicePayment: device?.monthly,
        deviceBalance: device?.remaining,
      },
      TYPES,
      row.page,
      findings,
    );
    if (!line) return [];
    if (international) {
      line.countries = countryList(international.countries);
      line.features = featureList(international.features);
    }
    const printed = money(row.cells.total);
    findings.agree(
      `The charges of ${line.phoneNumber}`,
      line.planCents + (line.device?.monthlyCents ?? 0) + line.internationalCents,
      "its line total prints",
      printed,
    );
    return [{ page: row.page, line }];
  });
  const subtotals = printedSubtotals(pages, /^lines on this page total/i);
  checkPageSubtotals(byPage(read), subtotals, findings);
  const account = valueAfter(pages, /^account number/i);
  const periodText = valueAfter(pages, /^billing period:/i);
  const due = /due by (\S+)/i.exec(account ?? "")?.[1] ?? null;
  return assembleBill({
    carrier: "verizon",
    carrierName: "Verizon",
    accountNumber: account?.split(/\s+/)[0] ?? null,
    period: periodText ? period(periodText) : null,
    dueDate: due ? date(due) : null,
    lines: read.map((r) => r.line),
    summary: {
      previous: summaryAmount(pages, /^previous balance/i, "previous balance", findings),
      payments: paid(summaryAmount(pages, /^payments/i, "payments", findings)),
      lineCharges: summaryAmount(pages, /^charges by line(?=\s*\S)/i, "charges by line", findings),
      taxes: summaryAmount(
        pages,
        /^taxes, governmental surcharges and fees/i,
        "taxes and fees",
        findings,
      ),
      current: summaryAmount(pages, /^current charges/i, "current charges", findings),
      totalDue: summaryAmount(pages, /^total amount due/i, "total amount due", findings),
    },
    pageSubtotalsCents: subtotals.map((s) => s.cents),
    findings,
  });
}
