import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import { billReadNote, billTotalNote, billUnreadNote } from "#app/lib/bill-read-note.ts";
import { savingsBasis } from "#app/lib/bill-savings.ts";
import { type BillReadSource, LINE_KIND_LABELS } from "#app/lib/domain.ts";
import { writeXlsxSheets, type XlsxCell, type XlsxKind, xlsxSheet } from "#server/platform/xlsx.ts";
import { toCents } from "./lines.ts";

// A bill analysis's lines as a workbook (issue 16): the "Lines" sheet with real currency and
// number cells and a totals row, and a "Summary" sheet of the analysis's figures, so the agent
// can sort, filter and sum the inventory themselves.

type Line = BillAnalysisResult["lines"][number];
type Figure = { label: string; kind: XlsxKind; value: XlsxCell };

async function* once<R>(rows: readonly R[]) {
  yield rows;
}

/** A row of words, or none when there is nothing to say. */
const textFigure = (label: string, value: string | null): Figure[] =>
  value === null ? [] : [{ label, kind: "text", value }];

export function billSummaryFigures(
  result: BillAnalysisResult,
  about: { subject: string; fileName: string },
): Figure[] {
  const metrics = result.businessMetrics;
  const comparison = result.competitiveAnalysis.marketComparison;
  return [
    { label: "Bill for", kind: "text", value: about.subject },
    { label: "File", kind: "text", value: about.fileName },
    { label: "Carrier", kind: "text", value: result.competitiveAnalysis.currentProvider },
    { label: "Period start", kind: "date", value: result.billingPeriod?.start || null },
    { label: "Period end", kind: "date", value: result.billingPeriod?.end || null },
    { label: "Due date", kind: "date", value: result.dueDate || null },
    { label: "Monthly bill", kind: "money", value: toCents(result.totalMonthlyBill) },
    ...textFigure("About the monthly bill", billTotalNote(result)),
    { label: "Lines", kind: "integer", value: result.lines.length },
    { label: "Data used (GB)", kind: "decimal", value: result.totalDataUsageGB },
    { label: "Cost per employee", kind: "money", value: toCents(metrics.costPerEmployee) },
    {
      label: "International charges",
      kind: "money",
      value: toCents(metrics.internationalUsage.cost),
    },
    {
      label: "Countries used abroad",
      kind: "text",
      value: metrics.internationalUsage.countries.join(", "),
    },
    {
      label: "Monthly difference with our recommended option",
      kind: "money",
      value: toCents(comparison.costDifference),
    },
    {
      label: "Annual savings",
      kind: "money",
      value: toCents(result.potentialSavings.annualSavings),
    },
    { label: "Savings compare", kind: "text", value: savingsBasis(result) },
    ...Object.entries(result.departmentBreakdown).map(
      ([name, entry]): Figure => ({
        label: `${name}: monthly cost of ${entry.lines} ${entry.lines === 1 ? "line" : "lines"}`,
        kind: "money",
        value: toCents(entry.cost),
      }),
    ),
    ...metrics.complianceStatus.issues.map(
      (issue): Figure => ({ label: "Issue", kind: "text", value: issue }),
    ),
    ...result.potentialSavings.enterpriseOpportunities.map(
      (opportunity): Figure => ({ label: "Opportunity", kind: "text", value: opportunity }),
    ),
  ];
}

export function renderBillLinesWorkbook(
  result: BillAnalysisResult,
  about: { subject: string; fileName: string; readSource: BillReadSource | null },
): Promise<Uint8Array<ArrayBuffer>> {
  // A scan's note, and what could not be read, above each sheet's header: whichever sheet opens
  // first says it.
  const note = billReadNote(about.readSource);
  const unread = billUnreadNote(result);
  const preamble = [
    ...(note ? [note.title, note.detail] : []),
    ...(unread ? [unread.title, unread.detail, ...unread.items] : []),
  ];
  const lines = xlsxSheet<Line>({
    name: "Lines",
    preamble,
    columns: [
      { header: "Number", kind: "text", width: 16, value: (l) => l.phoneNumber },
      { header: "User", kind: "text", width: 18, value: (l) => l.user ?? null },
      { header: "Department", kind: "text", width: 16, value: (l) => l.department },
      { header: "Line type", kind: "text", width: 16, value: (l) => LINE_KIND_LABELS[l.lineType] },
      { header: "Plan", kind: "text", width: 30, value: (l) => l.plan ?? null },
      {
        header: "Monthly cost",
        kind: "money",
        width: 14,
        value: (l) => toCents(l.planCost),
        sum: true,
      },
      {
        header: "Data used (GB)",
        kind: "decimal",
        width: 14,
        value: (l) => l.dataUsageGB,
        sum: true,
      },
      { header: "Device", kind: "text", width: 24, value: (l) => l.equipment?.deviceName ?? null },
      {
        header: "Installment",
        kind: "money",
        width: 12,
        value: (l) => (l.equipment ? toCents(l.equipment.monthlyPayment) : null),
        sum: true,
      },
      {
        header: "Remaining balance",
        kind: "money",
        width: 18,
        value: (l) => (l.equipment ? toCents(l.equipment.remainingBalance) : null),
        sum: true,
      },
    ],
    batches: once(result.lines),
    totals: { label: `Total (${result.lines.length} lines)` },
  });
  const summary = xlsxSheet<Figure>({
    name: "Summary",
    preamble,
    columns: [
      { header: "Figure", kind: "text", width: 44, value: (f) => f.label },
      { header: "Value", kind: "text", width: 60, value: (f) => f.value, kindOf: (f) => f.kind },
    ],
    batches: once(billSummaryFigures(result, about)),
  });
  return writeXlsxSheets([lines, summary]);
}
