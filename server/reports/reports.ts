import { and, count, eq, inArray, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  type ActivityKind,
  DEAL_CARRIERS,
  DEAL_STAGES,
  type DealCarrier,
  type DealStage,
} from "#app/lib/domain.ts";
import type { ACTIVITY_GROUP_LABELS, ReportQuery } from "#app/lib/schemas/reports.ts";
import { seesWholeCompany } from "#server/accounts/index.ts";
import { activities, agent_users, customers, deals, quotes } from "#server/db/schema/index.ts";
import { assignableAgents } from "#server/deals/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import {
  everyMonth,
  ownedBy,
  type ResolvedPeriod,
  reportAgent,
  resolvePeriod,
  within,
} from "./period.ts";

// The four reports' figures, each a handful of aggregate statements over indexed company rows
// (never the rows themselves), so a page stays fast at 10,000 deals (bench/reports.ts).

export type ReportScope = { period: ResolvedPeriod; agentId: string | null };

/** The period and whose figures, as every report and export reads them. */
export function reportScope(ctx: UserContext, query: ReportQuery): ReportScope {
  return { period: resolvePeriod(ctx.ports.clock.now(), query), agentId: reportAgent(ctx, query) };
}

const OPEN = notInArray(deals.status, ["closed_won", "closed_lost"]);
const monthOf = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
const num = (value: SQL) => sql<number>`coalesce(${value}, 0)::float8`.mapWith(Number);

/**
 * A deal belongs to a period when it was created or changed in it: created, last updated, or
 * given an entry in its activity log (a move, a note, an edit) within the period. The log is
 * what remembers a change that a later one overwrote in `updated_at`.
 */
export function dealInPeriod(ctx: UserContext, scope: ReportScope): SQL {
  const { period } = scope;
  const owned = ownedBy(ctx, deals.companyId, deals.assignedTo, scope.agentId);
  if (!period.start) return and(owned, lt(deals.createdAt, period.end)) ?? sql`false`;
  const changed = sql`exists (select 1 from ${activities} where ${activities.dealId} = ${deals.id} and ${within(activities.createdAt, period)})`;
  return (
    and(
      owned,
      lt(deals.createdAt, period.end),
      or(within(deals.createdAt, period), within(deals.updatedAt, period), changed),
    ) ?? sql`false`
  );
}

export type DealsReport = {
  deals: number;
  valueCents: number;
  monthlyRevenueCents: number;
  pipelineByStage: { stage: DealStage; valueCents: number }[];
  wonRevenueByMonth: { month: string; monthlyRevenueCents: number }[];
};

export async function dealsReport(ctx: UserContext, scope: ReportScope): Promise<DealsReport> {
  const where = dealInPeriod(ctx, scope);
  const [totals, stages, months] = await Promise.all([
    ctx.db
      .select({
        deals: count(),
        valueCents: num(sql`sum(${deals.valueCents})`),
        monthlyRevenueCents: num(sql`sum(${deals.monthlyRevenueCents})`),
      })
      .from(deals)
      .where(where),
    ctx.db
      .select({ stage: deals.stage, valueCents: num(sql`sum(${deals.valueCents})`) })
      .from(deals)
      .where(and(where, OPEN))
      .groupBy(deals.stage),
    ctx.db
      .select({
        month: monthOf(deals.wonAt),
        monthlyRevenueCents: num(sql`sum(${deals.monthlyRevenueCents})`),
      })
      .from(deals)
      .where(
        and(
          ownedBy(ctx, deals.companyId, deals.assignedTo, scope.agentId),
          eq(deals.status, "closed_won"),
          within(deals.wonAt, scope.period),
        ),
      )
      .groupBy(sql`1`)
      .orderBy(sql`1`),
  ]);
  const byStage = new Map(stages.map((row) => [row.stage, row.valueCents]));
  return {
    deals: totals[0]?.deals ?? 0,
    valueCents: totals[0]?.valueCents ?? 0,
    monthlyRevenueCents: totals[0]?.monthlyRevenueCents ?? 0,
    pipelineByStage: DEAL_STAGES.map((stage) => ({ stage, valueCents: byStage.get(stage) ?? 0 })),
    wonRevenueByMonth: everyMonth(months, scope.period, (month) => ({
      month,
      monthlyRevenueCents: 0,
    })),
  };
}

/** The customers of the period: added in it, by the agent they are assigned to. */
export function customerInPeriod(ctx: UserContext, scope: ReportScope): SQL {
  return (
    and(
      ownedBy(ctx, customers.companyId, customers.assignedTo, scope.agentId),
      within(customers.createdAt, scope.period),
    ) ?? sql`false`
  );
}

export const NO_INDUSTRY = "Not set";

export type CustomerReport = {
  customers: number;
  byMonth: { month: string; customers: number }[];
  byIndustry: { industry: string; customers: number }[];
};

export async function customerReport(
  ctx: UserContext,
  scope: ReportScope,
): Promise<CustomerReport> {
  const where = customerInPeriod(ctx, scope);
  const industry = sql<string>`coalesce(nullif(trim(${customers.industry}), ''), ${NO_INDUSTRY})`;
  const [months, industries] = await Promise.all([
    ctx.db
      .select({ month: monthOf(customers.createdAt), customers: count() })
      .from(customers)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    ctx.db
      .select({ industry, customers: count() })
      .from(customers)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(sql`2 desc`, sql`1`),
  ]);
  return {
    customers: months.reduce((sum, row) => sum + row.customers, 0),
    byMonth: everyMonth(months, scope.period, (month) => ({ month, customers: 0 })),
    byIndustry: industries,
  };
}

/**
 * What the activity report counts (labelled for its chart and export in ACTIVITY_GROUP_LABELS),
 * each from the activity log's kinds.
 */
export type ActivityGroup = (typeof ACTIVITY_GROUP_LABELS)[number][0];
export const ACTIVITY_GROUPS = {
  dealMoves: ["deal_status_changed", "deal_stage_changed"],
  notes: ["deal_note"],
  quotesGenerated: ["quote_generated"],
  quotesSaved: ["quote_saved"],
  // A quote is sent by emailing its proposal (server/quotes/proposal-service.ts): one event.
  proposalsSent: ["quote_sent"],
  // Logged as each analysis completes (server/bills/jobs.ts), so deleting one keeps its day's count.
  billsAnalysed: ["bill_analyzed"],
} as const satisfies Record<ActivityGroup, readonly ActivityKind[]>;
const COUNTED_KINDS = Object.values(ACTIVITY_GROUPS).flat();

export type ActivityCounts = Record<ActivityGroup, number>;
export type ActivityDay = { agentId: string | null; agent: string; day: string } & ActivityCounts;

const groupCounts = () =>
  Object.fromEntries(
    Object.entries(ACTIVITY_GROUPS).map(([group, kinds]) => [
      group,
      sql<number>`count(*) filter (where ${inArray(activities.kind, [...kinds])})`.mapWith(Number),
    ]),
  ) as Record<keyof typeof ACTIVITY_GROUPS, SQL.Aliased<number> | SQL<number>>;

const dayOf = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The period's activity per agent and day, oldest day first: the log's counted kinds, bills
 * analysed (completed in the period) among them.
 */
export async function activityDays(
  ctx: UserContext,
  scope: ReportScope,
  perDay = true,
): Promise<ActivityDay[]> {
  // The card needs each agent's sums only: one group per agent instead of one per agent and day.
  const day = (column: AnyPgColumn) => (perDay ? dayOf(column) : sql<string>`''`);
  const logged = await ctx.db
    .select({
      agentId: activities.actorId,
      agent: sql<string>`coalesce(${agent_users.username}, 'Former user')`,
      day: day(activities.createdAt),
      ...groupCounts(),
    })
    .from(activities)
    .leftJoin(agent_users, eq(agent_users.id, activities.actorId))
    .where(
      and(
        ownedBy(ctx, activities.companyId, activities.actorId, scope.agentId),
        within(activities.createdAt, scope.period),
        inArray(activities.kind, COUNTED_KINDS),
      ),
    )
    .groupBy(activities.actorId, agent_users.username, sql`3`);
  return logged.sort((a, b) => a.day.localeCompare(b.day) || a.agent.localeCompare(b.agent));
}

export const activityTotal = (row: ActivityCounts) =>
  row.dealMoves +
  row.notes +
  row.quotesGenerated +
  row.quotesSaved +
  row.proposalsSent +
  row.billsAnalysed;

export type ActivityReport = {
  activities: number;
  perAgent: ({ agent: string; total: number } & ActivityCounts)[];
};

export async function activityReport(
  ctx: UserContext,
  scope: ReportScope,
): Promise<ActivityReport> {
  const days = await activityDays(ctx, scope, false);
  const perAgent = new Map<string, { agent: string } & ActivityCounts>();
  for (const { agentId, day: _day, ...row } of days) {
    const key = agentId ?? "";
    const sum = perAgent.get(key);
    if (!sum) {
      perAgent.set(key, { ...row });
      continue;
    }
    for (const group of Object.keys(row) as (keyof typeof row)[]) {
      if (group !== "agent") sum[group] += row[group];
    }
  }
  const agents = [...perAgent.values()]
    .map((row) => ({ ...row, total: activityTotal(row) }))
    .sort((a, b) => b.total - a.total || a.agent.localeCompare(b.agent));
  return { activities: agents.reduce((sum, row) => sum + row.total, 0), perAgent: agents };
}

export type AgentPerformance = {
  agentId: string;
  agent: string;
  won: number;
  lost: number;
  /** Won of decided (won + lost), as a whole percent; null when nothing was decided. */
  winRate: number | null;
  wonMonthlyRevenueCents: number;
  averageDealCents: number | null;
  averageDaysToWin: number | null;
  quotesSent: number;
};

export type PerformanceReport = {
  agents: AgentPerformance[];
  dealsByCarrier: { carrier: DealCarrier; deals: number }[];
};

/**
 * Per agent of the company (or the one filtered by): deals won (moved to Won in the period) and
 * lost (closed lost and last changed in it), win rate, won MRR, average won deal, days from lead
 * (the deal's creation) to won, and quotes sent. Agents with nothing in the period are left out.
 */
export async function performanceReport(
  ctx: UserContext,
  scope: ReportScope,
): Promise<PerformanceReport> {
  const owned = ownedBy(ctx, deals.companyId, deals.assignedTo, scope.agentId);
  const won = and(eq(deals.status, "closed_won"), within(deals.wonAt, scope.period));
  const lost = and(eq(deals.status, "closed_lost"), within(deals.updatedAt, scope.period));
  const wonOnly = (value: SQL) => sql`${value} filter (where ${won})`;
  const [outcomes, sent, carriers] = await Promise.all([
    ctx.db
      .select({
        agentId: deals.assignedTo,
        won: sql<number>`count(*) filter (where ${won})`.mapWith(Number),
        lost: sql<number>`count(*) filter (where ${lost})`.mapWith(Number),
        wonMonthlyRevenueCents: num(wonOnly(sql`sum(${deals.monthlyRevenueCents})`)),
        averageDealCents: sql<
          number | null
        >`round(${wonOnly(sql`avg(${deals.valueCents})`)})::float8`,
        averageDaysToWin: sql<
          number | null
        >`round((${wonOnly(sql`avg(extract(epoch from ${deals.wonAt} - ${deals.createdAt}))`)} / 86400)::numeric, 1)::float8`,
      })
      .from(deals)
      .where(and(owned, sql`(${won} or ${lost})`))
      .groupBy(deals.assignedTo),
    ctx.db
      .select({ agentId: quotes.agentId, quotesSent: count() })
      .from(quotes)
      .where(
        and(
          ownedBy(ctx, quotes.companyId, quotes.agentId, scope.agentId),
          within(quotes.sentAt, scope.period),
        ),
      )
      .groupBy(quotes.agentId),
    ctx.db
      .select({ carrier: deals.carrier, deals: count() })
      .from(deals)
      .where(dealInPeriod(ctx, scope))
      .groupBy(deals.carrier),
  ]);
  const ids = [
    ...new Set([...outcomes, ...sent].map((row) => row.agentId).filter((id) => id !== null)),
  ];
  const names =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: agent_users.id, username: agent_users.username, name: agent_users.name })
          .from(agent_users)
          .where(and(inArray(agent_users.id, ids), eq(agent_users.companyId, ctx.user.companyId)));
  const nameOf = new Map(names.map((user) => [user.id, user.username ?? user.name]));
  const sentBy = new Map(sent.map((row) => [row.agentId, row.quotesSent]));
  const agents = ids.map((agentId): AgentPerformance => {
    const row = outcomes.find((outcome) => outcome.agentId === agentId);
    const decided = (row?.won ?? 0) + (row?.lost ?? 0);
    return {
      agentId,
      agent: nameOf.get(agentId) ?? "Former user",
      won: row?.won ?? 0,
      lost: row?.lost ?? 0,
      winRate: decided === 0 ? null : Math.round(((row?.won ?? 0) / decided) * 100),
      wonMonthlyRevenueCents: row?.wonMonthlyRevenueCents ?? 0,
      averageDealCents: row?.averageDealCents ?? null,
      averageDaysToWin: row?.averageDaysToWin ?? null,
      quotesSent: sentBy.get(agentId) ?? 0,
    };
  });
  agents.sort(
    (a, b) => b.wonMonthlyRevenueCents - a.wonMonthlyRevenueCents || a.agent.localeCompare(b.agent),
  );
  const byCarrier = new Map(carriers.map((row) => [row.carrier, row.deals]));
  return {
    agents,
    dealsByCarrier: DEAL_CARRIERS.map((carrier) => ({
      carrier,
      deals: byCarrier.get(carrier) ?? 0,
    })),
  };
}

export type ReportsOverview = {
  period: ResolvedPeriod;
  /** The agents a manager or admin can filter by; null for an agent, who sees their own. */
  agents: { id: string; name: string }[] | null;
  deals: DealsReport;
  customer: CustomerReport;
  activity: ActivityReport;
  performance: PerformanceReport;
};

/** The Reports screen's four cards for one period, read side by side. */
export async function reportsOverview(
  ctx: UserContext,
  query: ReportQuery,
): Promise<ReportsOverview> {
  const scope = reportScope(ctx, query);
  const [agents, deals, customer, activity, performance] = await Promise.all([
    seesWholeCompany(ctx.user) ? assignableAgents(ctx) : null,
    dealsReport(ctx, scope),
    customerReport(ctx, scope),
    activityReport(ctx, scope),
    performanceReport(ctx, scope),
  ]);
  return {
    period: scope.period,
    agents: agents?.map((agent) => ({ id: agent.id, name: agent.username ?? agent.name })) ?? null,
    deals,
    customer,
    activity,
    performance,
  };
}
