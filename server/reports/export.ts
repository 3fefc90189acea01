import { asc, count, eq, sql } from "drizzle-orm";
import { DEAL_CARRIER_LABELS, DEAL_STAGE_LABELS, DEAL_STATUS_LABELS } from "#app/lib/domain.ts";
import {
  ACTIVITY_GROUP_LABELS,
  REPORT_TITLES,
  type ReportQuery,
  type ReportType,
} from "#app/lib/schemas/reports.ts";
import { agent_users, customers, deals } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { writeXlsx, type XlsxColumn } from "#server/platform/xlsx.ts";
import { ownedBy } from "./period.ts";
import {
  type ActivityDay,
  type AgentPerformance,
  activityDays,
  activityTotal,
  customerInPeriod,
  dealInPeriod,
  NO_INDUSTRY,
  performanceReport,
  type ReportScope,
  reportScope,
} from "./reports.ts";

// The report files: the real rows of the period behind each card's chart (the old app wrote
// fixed sample rows), typed cells, the period above a frozen header, and a totals row.

const BATCH = 2_000;

export type DealsReportRow = {
  title: string;
  customer: string;
  status: (typeof deals.$inferSelect)["status"];
  stage: (typeof deals.$inferSelect)["stage"];
  carrier: (typeof deals.$inferSelect)["carrier"];
  lines: number;
  valueCents: number;
  monthlyRevenueCents: number;
  assignee: string | null;
  createdAt: Date;
  updatedAt: Date;
};

async function* dealRows(ctx: UserContext, scope: ReportScope): AsyncGenerator<DealsReportRow[]> {
  const where = dealInPeriod(ctx, scope);
  for (let offset = 0; ; offset += BATCH) {
    const rows = await ctx.db
      .select({
        title: deals.title,
        customer: customers.companyName,
        status: deals.status,
        stage: deals.stage,
        carrier: deals.carrier,
        lines: sql<number>`(${deals.voiceLines} + ${deals.mobileInternetLines} + ${deals.fixedWirelessLines})::int`,
        valueCents: deals.valueCents,
        monthlyRevenueCents: deals.monthlyRevenueCents,
        assignee: agent_users.username,
        createdAt: deals.createdAt,
        updatedAt: deals.updatedAt,
      })
      .from(deals)
      .innerJoin(customers, eq(customers.id, deals.customerId))
      .leftJoin(agent_users, eq(agent_users.id, deals.assignedTo))
      .where(where)
      .orderBy(asc(deals.createdAt), asc(deals.id))
      .limit(BATCH)
      .offset(offset);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
  }
}

const DEALS_COLUMNS: readonly XlsxColumn<DealsReportRow>[] = [
  { header: "Deal Title", kind: "text", width: 36, value: (r) => r.title },
  { header: "Customer", kind: "text", width: 28, value: (r) => r.customer },
  { header: "Status", kind: "text", width: 13, value: (r) => DEAL_STATUS_LABELS[r.status] },
  { header: "Stage", kind: "text", width: 16, value: (r) => DEAL_STAGE_LABELS[r.stage] },
  { header: "Carrier", kind: "text", width: 10, value: (r) => DEAL_CARRIER_LABELS[r.carrier] },
  { header: "Lines", kind: "integer", width: 8, value: (r) => r.lines, sum: true },
  { header: "Value", kind: "money", width: 15, value: (r) => r.valueCents, sum: true },
  {
    header: "Monthly Revenue",
    kind: "money",
    width: 16,
    value: (r) => r.monthlyRevenueCents,
    sum: true,
  },
  { header: "Assigned To", kind: "text", width: 16, value: (r) => r.assignee ?? "Unassigned" },
  { header: "Created At", kind: "datetime", width: 17, value: (r) => r.createdAt },
  { header: "Updated At", kind: "datetime", width: 17, value: (r) => r.updatedAt },
];

export type CustomerReportRow = {
  company: string;
  contact: string;
  industry: string;
  assignee: string | null;
  createdAt: Date;
  deals: number;
  wonMonthlyRevenueCents: number;
};

async function* customerRows(
  ctx: UserContext,
  scope: ReportScope,
): AsyncGenerator<CustomerReportRow[]> {
  // The customer's deals, all of them (not only the period's): what the customer is worth now.
  // Only the deals the report's figures are of: an agent's own, as on the screen (decision 0028);
  // a colleague's won revenue on a shared customer is not the agent's to see.
  const dealTotals = ctx.db
    .select({
      customerId: deals.customerId,
      deals: count().as("deal_count"),
      won: sql<number>`coalesce(sum(${deals.monthlyRevenueCents}) filter (where ${deals.status} = 'closed_won'), 0)::float8`.as(
        "won_mrr",
      ),
    })
    .from(deals)
    .where(ownedBy(ctx, deals.companyId, deals.assignedTo, scope.agentId))
    .groupBy(deals.customerId)
    .as("deal_totals");
  const where = customerInPeriod(ctx, scope);
  for (let offset = 0; ; offset += BATCH) {
    const rows = await ctx.db
      .select({
        company: customers.companyName,
        contact: customers.name,
        industry: sql<string>`coalesce(nullif(trim(${customers.industry}), ''), ${NO_INDUSTRY})`,
        assignee: agent_users.username,
        createdAt: customers.createdAt,
        deals: sql<number>`coalesce(${dealTotals.deals}, 0)::int`,
        wonMonthlyRevenueCents: sql<number>`coalesce(${dealTotals.won}, 0)::float8`,
      })
      .from(customers)
      .leftJoin(dealTotals, eq(dealTotals.customerId, customers.id))
      .leftJoin(agent_users, eq(agent_users.id, customers.assignedTo))
      .where(where)
      .orderBy(asc(customers.createdAt), asc(customers.id))
      .limit(BATCH)
      .offset(offset);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
  }
}

const CUSTOMER_COLUMNS: readonly XlsxColumn<CustomerReportRow>[] = [
  { header: "Company", kind: "text", width: 30, value: (r) => r.company },
  { header: "Contact", kind: "text", width: 22, value: (r) => r.contact },
  { header: "Industry", kind: "text", width: 18, value: (r) => r.industry },
  { header: "Assigned To", kind: "text", width: 16, value: (r) => r.assignee ?? "Unassigned" },
  { header: "Added At", kind: "datetime", width: 17, value: (r) => r.createdAt },
  { header: "Deals", kind: "integer", width: 8, value: (r) => r.deals, sum: true },
  {
    header: "Won Monthly Revenue",
    kind: "money",
    width: 20,
    value: (r) => r.wonMonthlyRevenueCents,
    sum: true,
  },
];

const ACTIVITY_COLUMNS: readonly XlsxColumn<ActivityDay>[] = [
  { header: "Agent", kind: "text", width: 18, value: (r) => r.agent },
  { header: "Day", kind: "date", width: 12, value: (r) => r.day },
  ...ACTIVITY_GROUP_LABELS.map(
    ([group, header]): XlsxColumn<ActivityDay> => ({
      header,
      kind: "integer",
      value: (r) => r[group],
      sum: true,
    }),
  ),
  { header: "Total", kind: "integer", value: (r) => activityTotal(r), sum: true },
];

const PERFORMANCE_COLUMNS: readonly XlsxColumn<AgentPerformance>[] = [
  { header: "Agent", kind: "text", width: 18, value: (r) => r.agent },
  { header: "Deals Won", kind: "integer", value: (r) => r.won, sum: true },
  { header: "Deals Lost", kind: "integer", value: (r) => r.lost, sum: true },
  { header: "Win Rate", kind: "percent", value: (r) => r.winRate },
  {
    header: "Won MRR",
    kind: "money",
    width: 14,
    value: (r) => r.wonMonthlyRevenueCents,
    sum: true,
  },
  { header: "Average Deal Size", kind: "money", width: 18, value: (r) => r.averageDealCents },
  { header: "Days Lead to Won", kind: "decimal", value: (r) => r.averageDaysToWin },
  { header: "Quotes Sent", kind: "integer", value: (r) => r.quotesSent, sum: true },
];

async function* once<R>(rows: Promise<readonly R[]>): AsyncGenerator<readonly R[]> {
  yield await rows;
}

/** The file's name for a day: deals_report_2026-11-25.xlsx (spec, "report export files"). */
export function reportFileName(type: ReportType, today: Date): string {
  return `${type}_report_${today.toISOString().slice(0, 10)}.xlsx`;
}

/** The period as the file's second line says it. */
export function periodLine(scope: ReportScope): string {
  const { period } = scope;
  return period.from
    ? `Period: ${period.label}, ${period.from} to ${period.to}`
    : `Period: ${period.label}, up to ${period.to}`;
}

/** One report of the period as a workbook. */
export function exportReportXlsx(
  ctx: UserContext,
  type: ReportType,
  query: ReportQuery,
): Promise<Uint8Array<ArrayBuffer>> {
  const scope = reportScope(ctx, query);
  const common = {
    preamble: [REPORT_TITLES[type], periodLine(scope)],
    totals: { label: "Total" },
  };
  switch (type) {
    case "deals":
      return writeXlsx({
        name: "Deals",
        columns: DEALS_COLUMNS,
        batches: dealRows(ctx, scope),
        ...common,
      });
    case "customer":
      return writeXlsx({
        name: "Customers",
        columns: CUSTOMER_COLUMNS,
        batches: customerRows(ctx, scope),
        ...common,
      });
    case "activity":
      return writeXlsx({
        name: "Activity",
        columns: ACTIVITY_COLUMNS,
        batches: once(activityDays(ctx, scope)),
        ...common,
      });
    case "performance":
      return writeXlsx({
        name: "Performance",
        columns: PERFORMANCE_COLUMNS,
        batches: once(performanceReport(ctx, scope).then((report) => report.agents)),
        ...common,
      });
  }
}
