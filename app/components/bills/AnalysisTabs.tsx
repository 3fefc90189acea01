import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { BarChart } from "#app/components/charts/bar-chart.tsx";
import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { ChevronLeft, ChevronRight } from "#app/components/ui/icons.ts";
import { useScrollEdges } from "#app/components/ui/use-scroll-edges.ts";
import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import { billTotalNote } from "#app/lib/bill-read-note.ts";
import { savingsBasis } from "#app/lib/bill-savings.ts";
import { LINE_KIND_LABELS } from "#app/lib/domain.ts";
import { formatCents, formatIsoDate } from "#app/lib/format.ts";

// The four tabs of a completed analysis (agent-portal spec, Bill Analyzer): every field of the
// analysis object is on one of them. Tabs follow the WAI-ARIA pattern: arrows, Home and End move
// between them, and only the chosen tab is in the Tab order.

const TABS = [
  { id: "summary", label: "Cost Summary" },
  { id: "lines", label: "Line Details" },
  { id: "enterprise", label: "Enterprise Analysis" },
  { id: "compliance", label: "Compliance & Security" },
] as const;
type TabId = (typeof TABS)[number]["id"];

type Line = BillAnalysisResult["lines"][number];

const CARD =
  "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";
const MUTED = "text-slate-600 dark:text-slate-400";

/** The analysis' money is in dollars (as the spec's object carries it). */
export const dollars = (value: number) => formatCents(Math.round(value * 100));
/** An axis's ticks are round amounts: whole dollars keep them apart on a card's width. */
const wholeDollars = (value: number) => formatCents(Math.round(value * 100), { whole: true });
const gb = (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 2 })} GB`;
const dueDateOf = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatIsoDate(value) : value || "—";

export function AnalysisTabs({ result }: { result: BillAnalysisResult }) {
  const [active, setActive] = useState<TabId>("summary");
  const strip = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(strip);
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = TABS.findIndex((tab) => tab.id === active);
    const next =
      event.key === "ArrowRight"
        ? (at + 1) % TABS.length
        : event.key === "ArrowLeft"
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    setActive(tab.id);
    tabs.current[next]?.focus();
  }

  const panels: Record<TabId, ReactNode> = {
    summary: <CostSummary result={result} />,
    lines: <LineDetails lines={result.lines} />,
    enterprise: <EnterpriseAnalysis result={result} />,
    compliance: <Compliance result={result} />,
  };

  return (
    <div>
      {/* On a phone the four tabs are wider than the screen: the strip scrolls, and a fade at
          the edge that hides more says so. */}
      <div className="relative mb-5">
        <div
          ref={strip}
          role="tablist"
          aria-label="Analysis"
          onKeyDown={onKeyDown}
          className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
        >
          {TABS.map((tab, index) => {
            const selected = tab.id === active;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={`${base}-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={(event) => {
                  setActive(tab.id);
                  // A tab half under the fade comes whole into view as it is chosen.
                  event.currentTarget.scrollIntoView({ block: "nearest", inline: "nearest" });
                }}
                className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold transition-colors ${
                  selected
                    ? "border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300"
                    : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {edges?.start ? <TabsFade edge="start" /> : null}
        {edges?.end ? <TabsFade edge="end" /> : null}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== active}
        >
          {tab.id === active ? panels[tab.id] : null}
        </div>
      ))}
    </div>
  );
}

/** A fade and a chevron over the side of the strip that hides more tabs: a fade alone read as a cut. */
function TabsFade({ edge }: { edge: "start" | "end" }) {
  const side =
    edge === "start" ? "left-0 justify-start bg-linear-to-r" : "right-0 justify-end bg-linear-to-l";
  return (
    <div
      aria-hidden="true"
      data-testid={`tabs-fade-${edge}`}
      className={`pointer-events-none absolute inset-y-0 flex w-12 items-center from-slate-50 from-40% to-transparent text-slate-500 dark:from-slate-950 dark:text-slate-400 ${side}`}
    >
      <Icon icon={edge === "start" ? ChevronLeft : ChevronRight} className="size-4" />
    </div>
  );
}

function Stat(props: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div className={CARD}>
      <dt className={`text-xs ${MUTED}`}>{props.label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums" data-testid={props.testId}>
        {props.value}
      </dd>
      {props.hint ? <dd className={`mt-0.5 text-xs ${MUTED}`}>{props.hint}</dd> : null}
    </div>
  );
}

function costByLineType(lines: readonly Line[]) {
  const sums = new Map<string, number>();
  for (const line of lines) {
    const label = LINE_KIND_LABELS[line.lineType];
    sums.set(label, (sums.get(label) ?? 0) + line.planCost);
  }
  return [...sums].map(([label, value]) => ({ label, value: Math.round(value * 100) / 100 }));
}

const sumOf = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;

function CostSummary({ result }: { result: BillAnalysisResult }) {
  const departments = Object.entries(result.departmentBreakdown).sort(
    (a, b) => b[1].cost - a[1].cost,
  );
  const byType = costByLineType(result.lines);
  // The two charts count different charges; each says which, and their sum, so the screen never
  // seems to disagree with itself (or with the bill's total, which adds taxes and fees).
  const departmentsTotal = dollars(sumOf(departments.map(([, d]) => d.cost)));
  const typesTotal = dollars(sumOf(byType.map((t) => t.value)));
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat
          label="Total monthly bill"
          value={dollars(result.totalMonthlyBill)}
          hint={billTotalNote(result) ?? undefined}
          testId="bill-total"
        />
        <Stat label="Due date" value={dueDateOf(result.dueDate)} />
        <Stat label="Data used" value={gb(result.totalDataUsageGB)} />
        <Stat
          label="Cost per employee"
          value={dollars(result.businessMetrics.costPerEmployee)}
          hint={`${result.lines.length} lines`}
        />
        <Stat
          label="Potential annual savings"
          value={dollars(result.potentialSavings.annualSavings)}
          hint={savingsBasis(result)}
          testId="bill-annual-savings"
        />
      </dl>
      <div className="grid gap-6 2xl:grid-cols-2">
        <section className={CARD}>
          <BarChart
            title="Monthly cost by department"
            series={[
              {
                name: "Cost",
                data: departments.map(([label, d]) => ({ label, value: d.cost })),
              },
            ]}
            description={`Each line's plan, device installment and roaming charges: ${departmentsTotal} in all, before taxes and fees.`}
            format={dollars}
            tickFormat={wholeDollars}
            emptyText="No department costs on this bill."
          />
        </section>
        <section className={CARD}>
          <BarChart
            title="Monthly cost by line type"
            description={`Plan charges only: ${typesTotal} in all, without device installments, roaming, taxes or fees.`}
            series={[{ name: "Cost", data: byType }]}
            format={dollars}
            tickFormat={wholeDollars}
            emptyText="No line costs on this bill."
          />
        </section>
      </div>
      <section className={CARD} aria-labelledby="department-breakdown">
        <h4 id="department-breakdown" className="mb-3 font-semibold">
          Department breakdown
        </h4>
        <DataTable
          label="Department breakdown"
          rows={departments}
          rowKey={([name]) => name}
          columns={DEPARTMENT_COLUMNS}
          empty={<p className={`p-4 text-sm ${MUTED}`}>No departments on this bill.</p>}
        />
      </section>
    </div>
  );
}

type DepartmentRow = [string, BillAnalysisResult["departmentBreakdown"][string]];
const NUMERIC = "whitespace-nowrap tabular-nums @min-[40rem]:text-right";
const DEPARTMENT_COLUMNS: readonly DataColumn<DepartmentRow>[] = [
  { key: "department", header: "Department", primary: true, cell: ([name]) => name },
  { key: "lines", header: "Lines", cell: ([, d]) => d.lines, className: NUMERIC },
  { key: "cost", header: "Monthly cost", cell: ([, d]) => dollars(d.cost), className: NUMERIC },
  { key: "data", header: "Data used", cell: ([, d]) => gb(d.dataUsage), className: NUMERIC },
];

const LINE_COLUMNS: readonly DataColumn<Line>[] = [
  {
    key: "number",
    header: "Number",
    primary: true,
    cell: (line) => <span className="whitespace-nowrap tabular-nums">{line.phoneNumber}</span>,
  },
  { key: "department", header: "User or department", cell: (line) => line.department },
  { key: "type", header: "Type", cell: (line) => LINE_KIND_LABELS[line.lineType] },
  { key: "plan", header: "Plan cost", cell: (line) => dollars(line.planCost), className: NUMERIC },
  { key: "data", header: "Data used", cell: (line) => gb(line.dataUsageGB), className: NUMERIC },
  {
    key: "device",
    header: "Device",
    priority: 2,
    cell: (line) => line.equipment?.deviceName ?? "—",
  },
  {
    key: "installment",
    header: "Installment",
    priority: 3,
    cell: (line) => (line.equipment ? `${dollars(line.equipment.monthlyPayment)}/mo` : "—"),
    className: NUMERIC,
  },
  {
    key: "balance",
    header: "Remaining balance",
    priority: 3,
    cell: (line) => (line.equipment ? dollars(line.equipment.remainingBalance) : "—"),
    className: NUMERIC,
  },
];

function LineDetails({ lines }: { lines: readonly Line[] }) {
  const devices = lines.filter((line) => line.equipment).length;
  return (
    <div className="space-y-3">
      <p className={`text-sm ${MUTED}`}>
        {lines.length} {lines.length === 1 ? "line" : "lines"}, {devices} with a device on
        installments.
      </p>
      <DataTable
        label="Lines on the bill"
        rows={lines}
        rowKey={(line) => `${line.phoneNumber}-${line.department}`}
        columns={LINE_COLUMNS}
        empty={<p className={`p-4 text-sm ${MUTED}`}>No lines were found on this bill.</p>}
      />
    </div>
  );
}

function List(props: { title: string; items: readonly string[]; none: string }) {
  return (
    <section className={CARD}>
      <h4 className="font-semibold">{props.title}</h4>
      {props.items.length === 0 ? (
        <p className={`mt-2 text-sm ${MUTED}`}>{props.none}</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {props.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EnterpriseAnalysis({ result }: { result: BillAnalysisResult }) {
  const { competitiveAnalysis: ca, potentialSavings } = result;
  const difference = ca.marketComparison.costDifference;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Current provider" value={ca.currentProvider || "—"} />
        <Stat
          label="Monthly difference with our best option"
          value={difference >= 0 ? `${dollars(difference)} less` : `${dollars(-difference)} more`}
          hint={savingsBasis(result)}
        />
        <Stat label="Potential annual savings" value={dollars(potentialSavings.annualSavings)} />
        <Stat
          label="Enterprise discounts"
          value={ca.enterpriseDiscounts.available ? "Available" : "None found"}
          hint={
            ca.enterpriseDiscounts.available
              ? `${dollars(ca.enterpriseDiscounts.potentialSavings)} in credits`
              : undefined
          }
        />
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <List
          title="Enterprise opportunities"
          items={potentialSavings.enterpriseOpportunities}
          none="No opportunities found on this bill."
        />
        <List
          title="Our advantages"
          items={ca.marketComparison.advantages}
          none="No advantages found."
        />
        <List
          title="Feature gaps"
          items={ca.marketComparison.featureGaps}
          none="Our recommended option covers everything this bill has."
        />
        <List
          title="Discount requirements"
          items={ca.enterpriseDiscounts.requirements}
          none="No discount requirements."
        />
      </div>
    </div>
  );
}

function Compliance({ result }: { result: BillAnalysisResult }) {
  const { complianceStatus, internationalUsage } = result.businessMetrics;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Stat
          label="Policy"
          value={complianceStatus.policyCompliant ? "Compliant" : "Needs attention"}
          testId="bill-compliance"
        />
        <Stat label="International usage" value={dollars(internationalUsage.cost)} />
        <Stat
          label="Countries"
          value={String(internationalUsage.countries.length)}
          hint={internationalUsage.countries.join(", ") || undefined}
        />
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <List
          title="Compliance issues"
          items={complianceStatus.issues}
          none="No issues found on this bill."
        />
        <List
          title="Countries called or roamed in"
          items={internationalUsage.countries}
          none="No international usage on this bill."
        />
      </div>
    </div>
  );
}
