import type { BillLine, ParsedBill } from "#server/bills/bill.ts";
import type { PageRows } from "#server/bills/read/rows.ts";
import {
  addInternational,
  assembleBill,
  Findings,
  lineFromCells,
  paid,
  summaryAmount,
  valueAfter,
} from "./common.ts";
import { fixedHeader, readTable } from "./table.ts";
import { date, gigabytes, money, period, phoneNumber } from "./values.ts";

// T-Mobile for Business: "THIS BILL SUMMARY" gives each line's charges by kind (plans,
// equipment, services) and a total; the plan's name, the data used and the countries are on
// "LINE DETAILS", the devices on "EQUIPMENT INSTALLMENT PLANS". The name column reads
// "Jane Doe (Sales)": a business's nickname for the line, with the department in brackets.

const SUMMARY = fixedHeader([
  ["phone", "Line"],
  ["name", "Name"],
  ["type", "Type"],
  ["plans", "Plans"],
  ["equipment", "Equipment"],
  ["services", "Services"],
  ["total", "Total"],
] as const);
const DETAILS = fixedHeader([
  ["phone", "Line"],
  ["plan", "Plan"],
  ["data", "Data used"],
  ["countries", "Countries"],
  ["features", "Add-ons"],
] as const);
const EQUIPMENT = fixedHeader([
  ["phone", "Line"],
  ["device", "Device"],
  ["monthly", "Monthly"],
  ["balance", "Balance remaining"],
] as const);

const TYPES = {
  voice: "voice",
  "mobile internet": "mobile_internet",
  wearable: "wearable",
} as const;

export function parseTmobile(pages: PageRows[]): ParsedBill {
  const findings = new Findings();
  const details = readTable(pages, DETAILS, {
    phoneKey: "phone",
    stopAt: /^equipment installment plans/i,
  });
  const equipment = readTable(pages, EQUIPMENT, { phoneKey: "phone", stopAt: /^$/ });
  const detailOf = (phone: string) => details.find((d) => phoneNumber(d.cells.phone) === phone);
  const deviceOf = (phone: string) => equipment.find((e) => phoneNumber(e.cells.phone) === phone);
  const lines: BillLine[] = [];
  for (const row of readTable(pages, SUMMARY, { phoneKey: "phone", stopAt: /^totals/i })) {
    const phone = phoneNumber(row.cells.phone) ?? "";
    const detail = detailOf(phone);
    const device = deviceOf(phone);
    const named = /^(.*?)\s*\(([^)]*)\)$/.exec(row.cells.name.trim());
    const line = lineFromCells(
      {
        phone: row.cells.phone,
        user: named?.[1] ?? row.cells.name,
        department: named?.[2] ?? "",
        type: row.cells.type,
        plan: detail?.cells.plan ?? "",
        planCost: row.cells.plans,
        data: detail?.cells.data ?? "",
        device: device?.cells.device,
        devicePayment: device?.cells.monthly,
        deviceBalance: device?.cells.balance,
        intl: row.cells.services,
      },
      TYPES,
      row.page,
      findings,
    );
    if (!line) continue;
    if (gigabytes(detail?.cells.data ?? "") === null) findings.missing(`data used for ${phone}`);
    findings.agree(
      `The equipment of ${phone}`,
      line.device?.monthlyCents ?? 0,
      "its summary row prints",
      money(row.cells.equipment),
    );
    findings.agree(
      `The charges of ${phone}`,
      line.planCents + (line.device?.monthlyCents ?? 0) + line.internationalCents,
      "its total prints",
      money(row.cells.total),
    );
    lines.push(line);
  }
  addInternational(lines, details, {
    phone: "phone",
    countries: "countries",
    features: "features",
  });
  const account = valueAfter(pages, /^account/i);
  const periodText = valueAfter(pages, /^bill period/i);
  const due = valueAfter(pages, /^due/i);
  return assembleBill({
    carrier: "tmobile",
    carrierName: "T-Mobile",
    accountNumber: account?.split(/\s+/)[0] ?? null,
    period: periodText ? period(periodText) : null,
    dueDate: due ? date(due) : null,
    lines,
    summary: {
      previous: summaryAmount(pages, /^previous balance/i, "previous balance", findings),
      payments: paid(summaryAmount(pages, /^payments/i, "payments", findings)),
      lineCharges: summaryAmount(
        pages,
        /^plans, equipment & services/i,
        "plans, equipment and services",
        findings,
      ),
      taxes: summaryAmount(pages, /^taxes & fees/i, "taxes and fees", findings),
      current: summaryAmount(pages, /^current charges/i, "current charges", findings),
      totalDue: summaryAmount(pages, /^total due/i, "total due", findings),
    },
    pageSubtotalsCents: [],
    findings,
  });
}
