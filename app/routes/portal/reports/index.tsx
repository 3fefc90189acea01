import type { ReactNode } from "react";
import { Form } from "react-router";
import { BarChart } from "#app/components/charts/bar-chart.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { ExportButton } from "#app/components/reports/ExportButton.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FileChartColumnIncreasing } from "#app/components/ui/icons.ts";
import {
  ListToolbar,
  type ListToolbarSpec,
  useListToolbar,
} from "#app/components/ui/list-toolbar.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { DEAL_CARRIER_LABELS, DEAL_STAGE_LABELS } from "#app/lib/domain.ts";
import { formatCents, formatIsoDate } from "#app/lib/format.ts";
import {
  ACTIVITY_GROUP_LABELS,
  REPORT_FIRST_DAY,
  REPORT_LAST_DAY,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  REPORT_TITLES,
  REPORT_TYPES,
  type ReportType,
  reportQuerySchema,
} from "#app/lib/schemas/reports.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { reportsOverview } from "#server/reports/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Reports | Carrierline" }];

const QUERY_KEYS = ["q", "period", "from", "to", "agent"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const params = new URL(request.url).searchParams;
  const raw = Object.fromEntries(QUERY_KEYS.map((key) => [key, params.get(key) ?? undefined]));
  const parsed = reportQuerySchema.safeParse(raw);
  if (!parsed.success) {
    // The range is refused with its message, the dates kept in the form to be corrected.
    return {
      error: parsed.error.issues[0]?.message ?? "Check the dates",
      query: { q: raw.q ?? "", from: raw.from ?? "", to: raw.to ?? "" },
      report: null,
    };
  }
  let report: Awaited<ReturnType<typeof reportsOverview>>;
  try {
    report = await reportsOverview(ctx, parsed.data);
  } catch (error) {
    // A blank day filled by its default can still make a range the schema would refuse.
    if (!isDomainError(error) || error.kind !== "invalid") throw error;
    return {
      error: error.message,
      query: { q: raw.q ?? "", from: raw.from ?? "", to: raw.to ?? "" },
      report: null,
    };
  }
  return {
    error: null,
    query: {
      q: parsed.data.q,
      from: report.period.from ?? "",
      to: report.period.to,
    },
    report,
  };
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load reports" />;
}

const money = (cents: number) => formatCents(cents, { whole: true });
const whole = (value: number) => value.toLocaleString("en-US");
const counted = (value: number, one: string, many: string) =>
  `${whole(value)} ${value === 1 ? one : many}`;
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/** One named series of a report's rows, as the chart takes it. */
function seriesOf<R>(name: string, rows: readonly R[], point: (row: R) => [string, number]) {
  const data = rows.map((row) => {
    const [label, value] = point(row);
    return { label, value };
  });
  return [{ name, data }];
}

function ReportCard(props: {
  type: ReportType;
  summary: string;
  exportHref: string;
  children: ReactNode;
}) {
  const title = REPORT_TITLES[props.type];
  return (
    <section
      aria-labelledby={`report-${props.type}`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {/* The export stays top right beside however long a summary, as on every card. */}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`report-${props.type}`} className="text-lg font-semibold">
            {title}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{props.summary}</p>
        </div>
        <ExportButton href={props.exportHref} report={title} />
      </div>
      <div className="grid gap-6">{props.children}</div>
    </section>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { error, query, report } = loaderData;
  const url = useUrlFilters();
  const spec: ListToolbarSpec = {
    search: { label: "Search reports", placeholder: "Search reports..." },
    filters: [
      {
        key: "period",
        label: "Period",
        default: "all",
        options: REPORT_PERIODS.map((value) => ({ value, label: REPORT_PERIOD_LABELS[value] })),
      },
      ...(report?.agents
        ? [
            {
              key: "agent",
              label: "Agent",
              options: [
                { value: "", label: "All Agents" },
                ...report.agents.map((agent) => ({ value: agent.id, label: agent.name })),
              ],
            },
          ]
        : []),
    ],
    // The dates belong to the custom range; another period drops them.
    resets: ["from", "to"],
  };
  const toolbar = useListToolbar(spec, url);
  const period = url.params.get("period") ?? "all";
  const exportQuery = new URLSearchParams(
    [...url.params].filter(([key]) => key !== "q" && QUERY_KEYS.some((known) => known === key)),
  ).toString();
  const exportHref = (type: ReportType) =>
    `/dashboard/reports/${type}/export${exportQuery ? `?${exportQuery}` : ""}`;
  const search = query.q.toLowerCase();
  const shown = (type: ReportType) => REPORT_TITLES[type].toLowerCase().includes(search);

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageBar title="Reports" />
      <ListToolbar toolbar={toolbar} />

      {period === "custom" || error ? (
        <Form
          method="get"
          className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <input type="hidden" name="period" value="custom" />
          {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
          {url.params.get("agent") ? (
            <input type="hidden" name="agent" value={url.params.get("agent") ?? ""} />
          ) : null}
          <TextField
            label="Start date"
            name="from"
            type="date"
            min={REPORT_FIRST_DAY}
            max={REPORT_LAST_DAY}
            defaultValue={query.from}
            className="w-44"
          />
          <TextField
            label="End date"
            name="to"
            type="date"
            min={REPORT_FIRST_DAY}
            max={REPORT_LAST_DAY}
            defaultValue={query.to}
            error={error ?? undefined}
            className="w-44"
          />
          <Button type="submit" variant="secondary" className="sm:mt-7">
            Apply
          </Button>
        </Form>
      ) : null}

      {error ? (
        <ErrorAlert className="mb-6">{error}</ErrorAlert>
      ) : report ? (
        <>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
            {report.period.label}:{" "}
            {report.period.from
              ? `${formatIsoDate(report.period.from)} to ${formatIsoDate(report.period.to)}`
              : `up to ${formatIsoDate(report.period.to)}`}
          </p>
          {REPORT_TYPES.some(shown) ? null : (
            <EmptyState
              icon={FileChartColumnIncreasing}
              title="No reports found"
              description="No report matches this search."
            />
          )}
          <div className="grid gap-6 lg:grid-cols-2">
            {shown("deals") ? (
              <ReportCard
                type="deals"
                summary={`${counted(report.deals.deals, "deal", "deals")}, ${money(report.deals.valueCents)} in value`}
                exportHref={exportHref("deals")}
              >
                <BarChart
                  title="Pipeline value by stage"
                  format={money}
                  series={seriesOf("Pipeline value", report.deals.pipelineByStage, (row) => [
                    DEAL_STAGE_LABELS[row.stage],
                    row.valueCents,
                  ])}
                  emptyText="No open deals in this period."
                />
                <BarChart
                  title="Won monthly revenue by month"
                  orientation="columns"
                  format={money}
                  series={seriesOf("Won monthly revenue", report.deals.wonRevenueByMonth, (row) => [
                    monthLabel(row.month),
                    row.monthlyRevenueCents,
                  ])}
                  emptyText="No deals won in this period."
                />
              </ReportCard>
            ) : null}
            {shown("customer") ? (
              <ReportCard
                type="customer"
                summary={counted(report.customer.customers, "new customer", "new customers")}
                exportHref={exportHref("customer")}
              >
                <BarChart
                  title="New customers by month"
                  orientation="columns"
                  format={whole}
                  series={seriesOf("New customers", report.customer.byMonth, (row) => [
                    monthLabel(row.month),
                    row.customers,
                  ])}
                  emptyText="No customers added in this period."
                />
                <BarChart
                  title="New customers by industry"
                  format={whole}
                  series={seriesOf("New customers", report.customer.byIndustry, (row) => [
                    row.industry,
                    row.customers,
                  ])}
                  emptyText="No customers added in this period."
                />
              </ReportCard>
            ) : null}
            {shown("activity") ? (
              <ReportCard
                type="activity"
                summary={counted(report.activity.activities, "activity", "activities")}
                exportHref={exportHref("activity")}
              >
                <BarChart
                  title="Activity per agent"
                  format={whole}
                  series={seriesOf("Activities", report.activity.perAgent, (row) => [
                    row.agent,
                    row.total,
                  ])}
                  emptyText="No activity in this period."
                />
                <BarChart
                  title="Activity by type"
                  format={whole}
                  series={seriesOf(
                    "Activities",
                    report.activity.activities > 0 ? ACTIVITY_GROUP_LABELS : [],
                    ([group, label]) => [
                      label,
                      report.activity.perAgent.reduce((sum, row) => sum + row[group], 0),
                    ],
                  )}
                  emptyText="No activity in this period."
                />
              </ReportCard>
            ) : null}
            {shown("performance") ? (
              <ReportCard
                type="performance"
                summary={`${counted(
                  report.performance.agents.reduce((sum, row) => sum + row.won, 0),
                  "deal won",
                  "deals won",
                )}, ${money(report.performance.agents.reduce((sum, row) => sum + row.wonMonthlyRevenueCents, 0))} won MRR`}
                exportHref={exportHref("performance")}
              >
                <BarChart
                  title="Won MRR per agent"
                  format={money}
                  series={seriesOf("Won MRR", report.performance.agents, (row) => [
                    row.agent,
                    row.wonMonthlyRevenueCents,
                  ])}
                  emptyText="No deals won in this period."
                />
                <BarChart
                  title="Deals by carrier"
                  orientation="columns"
                  format={whole}
                  series={seriesOf("Deals", report.performance.dealsByCarrier, (row) => [
                    DEAL_CARRIER_LABELS[row.carrier],
                    row.deals,
                  ])}
                  emptyText="No deals in this period."
                />
              </ReportCard>
            ) : null}
          </div>
        </>
      ) : null}
    </main>
  );
}
