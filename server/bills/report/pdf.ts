import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import { billReadNote, billTotalNote, billUnreadNote } from "#app/lib/bill-read-note.ts";
import { savingsBasis } from "#app/lib/bill-savings.ts";
import { type BillReadSource, LINE_KIND_LABELS } from "#app/lib/domain.ts";
import { formatCents, formatIsoDate } from "#app/lib/format.ts";
import { INK } from "#server/platform/pdf/colors.ts";
import {
  callout,
  FONTS,
  figureBoxes,
  heading,
  list,
  note,
  openPdf,
  PAGE,
  paragraph,
  type TableColumn,
  type TableRow,
  table,
} from "#server/platform/pdf/document.ts";
import { toCents } from "./lines.ts";

// A bill analysis as the PDF an agent hands the customer (issue 16): what the bill costs, what
// our catalog would save, where the money goes, what to fix, and every line, the header of the
// line table repeated on each page it runs onto.

export type BillReportView = {
  reseller: { name: string; brandColor: string };
  /** Who the bill is for: the attached customer's company, else the uploaded file's name. */
  subject: string;
  fileName: string;
  /** The day it was analysed, YYYY-MM-DD. */
  analysedOn: string;
  result: BillAnalysisResult;
  /** How the bill was read: a scan's report says its figures may be misread. */
  readSource: BillReadSource | null;
};

// At 7.5 pt: "Wearable", a bold "$1,234.56" plan total and a bold "277.85" GB total each fit
// their column (a wider figure is printed smaller by `table`, never split).
const LINE_COLUMNS: readonly TableColumn[] = [
  { header: "Number", width: 70, align: "left" },
  { header: "User / department", width: 68, align: "left" },
  { header: "Type", width: 48, align: "left" },
  { header: "Plan", width: 70, align: "left" },
  { header: "Plan cost", width: 52, align: "right" },
  { header: "Data GB", width: 44, align: "right" },
  { header: "Device", width: 58, align: "left" },
  { header: "Installment", width: 56, align: "right" },
  { header: "Balance", width: 50, align: "right" },
];

const DEPARTMENT_COLUMNS: readonly TableColumn[] = [
  { header: "Department", width: 216, align: "left" },
  { header: "Lines", width: 80, align: "right" },
  { header: "Monthly cost", width: 120, align: "right" },
  { header: "Data (GB)", width: 100, align: "right" },
];

const money = (dollars: number) => formatCents(toCents(dollars));
const gb = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });
/** A row is never split across pages: long names are cut, never left to grow a row. */
const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function billReportTitle(view: Pick<BillReportView, "subject">): string {
  return `Bill analysis: ${view.subject}`;
}

export async function renderBillReportPdf(view: BillReportView): Promise<Uint8Array<ArrayBuffer>> {
  const { result } = view;
  const { doc, root, finish } = await openPdf({
    title: billReportTitle(view),
    author: view.reseller.name,
    subject: `${result.competitiveAnalysis.currentProvider} bill, ${view.fileName}`,
  });
  const accent = view.reseller.brandColor;

  paragraph(doc, root, "H1", () => {
    doc
      .font(FONTS.bold)
      .fontSize(20)
      .fillColor(INK)
      .text(billReportTitle(view), PAGE.margin, PAGE.margin);
  });
  doc.moveDown(0.3);
  // Analyses stored before a period that could not be read was left out hold it as "".
  const period = result.billingPeriod?.start
    ? `, ${formatIsoDate(result.billingPeriod.start)} to ${formatIsoDate(result.billingPeriod.end)}`
    : "";
  note(doc, root, `${result.competitiveAnalysis.currentProvider} bill${period}.`);
  note(
    doc,
    root,
    `Analysed ${formatIsoDate(view.analysedOn)} from ${view.fileName} by ${view.reseller.name}.`,
  );
  doc.moveDown(0.8);
  // Before any figure, as on the screen: whoever reads the file checks them against the bill.
  const readNote = billReadNote(view.readSource);
  if (readNote) callout(doc, root, readNote.title, readNote.detail);
  const unread = billUnreadNote(result);
  if (unread) callout(doc, root, unread.title, [unread.detail, ...unread.items].join(" "));

  const summary = doc.struct("Sect");
  root.add(summary);
  heading(doc, summary, "Summary");
  doc.moveDown(0.3);
  figureBoxes(
    doc,
    summary,
    [
      { label: "Monthly bill", value: money(result.totalMonthlyBill) },
      { label: "Due date", value: result.dueDate ? formatIsoDate(result.dueDate) : "—" },
      { label: "Data used", value: `${gb(result.totalDataUsageGB)} GB` },
      { label: "Annual savings", value: money(result.potentialSavings.annualSavings) },
    ],
    accent,
  );
  const totalNote = billTotalNote(result);
  if (totalNote) note(doc, summary, totalNote);
  const metrics = result.businessMetrics;
  const international = metrics.internationalUsage;
  note(
    doc,
    summary,
    `${result.lines.length} ${result.lines.length === 1 ? "line" : "lines"}, ${money(metrics.costPerEmployee)} a month per employee. International use: ${money(international.cost)}${international.countries.length ? ` (${international.countries.join(", ")})` : ""}.`,
  );
  summary.end();
  doc.moveDown(1);

  const competitive = result.competitiveAnalysis;
  const comparison = competitive.marketComparison;
  const discounts = competitive.enterpriseDiscounts;
  const savings = doc.struct("Sect");
  root.add(savings);
  heading(doc, savings, "Savings and competitive analysis");
  doc.moveDown(0.3);
  note(
    doc,
    savings,
    comparison.costDifference >= 0
      ? `Our recommended option costs ${money(comparison.costDifference)} a month less than ${competitive.currentProvider} for the same lines.`
      : `Our recommended option costs ${money(-comparison.costDifference)} a month more than ${competitive.currentProvider} for the same lines.`,
  );
  note(doc, savings, `Compared: ${savingsBasis(result)}.`);
  if (discounts.available) {
    note(doc, savings, `Enterprise credits worth ${money(discounts.potentialSavings)} apply.`);
  }
  savings.end();
  doc.moveDown(0.6);
  list(doc, root, "Advantages", comparison.advantages);
  list(doc, root, "Needs the recommended option does not meet", comparison.featureGaps);
  list(doc, root, "Credit requirements", discounts.requirements);

  const departments = doc.struct("Sect");
  root.add(departments);
  heading(doc, departments, "Cost by department");
  doc.moveDown(0.4);
  table(doc, departments, {
    columns: DEPARTMENT_COLUMNS,
    headerFill: accent,
    blocks: Object.entries(result.departmentBreakdown).map(([name, entry]): TableRow[] => [
      {
        kind: "item",
        cells: [clip(name), String(entry.lines), money(entry.cost), gb(entry.dataUsage)],
      },
    ]),
  });
  departments.end();

  list(doc, root, "Compliance issues", metrics.complianceStatus.issues);
  list(doc, root, "Opportunities", result.potentialSavings.enterpriseOpportunities);

  const inventory = doc.struct("Sect");
  root.add(inventory);
  doc.addPage();
  doc.y = PAGE.margin;
  heading(doc, inventory, "Line inventory");
  doc.moveDown(0.4);
  const totalCents = result.lines.reduce((sum, line) => sum + toCents(line.planCost), 0);
  table(doc, inventory, {
    columns: LINE_COLUMNS,
    headerFill: accent,
    fontSize: 7.5,
    blocks: [
      ...result.lines.map((line): TableRow[] => [
        {
          kind: "item",
          cells: [
            line.phoneNumber,
            clip([line.user, line.department].filter(Boolean).join(" / ")),
            LINE_KIND_LABELS[line.lineType],
            clip(line.plan ?? "—"),
            money(line.planCost),
            gb(line.dataUsageGB),
            clip(line.equipment?.deviceName ?? "—"),
            line.equipment ? money(line.equipment.monthlyPayment) : "—",
            line.equipment ? money(line.equipment.remainingBalance) : "—",
          ],
        },
      ]),
      [
        {
          kind: "total",
          cells: [
            `${result.lines.length} lines`,
            "",
            "",
            "",
            formatCents(totalCents),
            gb(result.totalDataUsageGB),
            "",
            "",
            "",
          ],
        },
      ],
    ],
  });
  inventory.end();

  return finish(`${view.reseller.name} · ${billReportTitle(view)}`);
}
