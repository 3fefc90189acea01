import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { DEAL_CARRIER_LABELS, type DealCarrier } from "#app/lib/domain.ts";
import { formatDate } from "#app/lib/format.ts";
import { billAnalyses, customers, deals, quotes } from "#server/db/schema/index.ts";
import { notify } from "#server/notifications/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { latestQuotes } from "#server/quotes/index.ts";

/** A bill using this much more data than its plan includes raises an alert (20% over). */
export const DATA_OVERAGE_ALERT_RATIO = 1.2;

/** Data only; the screen words it (app/lib/dashboard.ts). */
export type DashboardAlert = { customerId: string; customerName: string; percentOver: number };

export type QuickActionRow = {
  customerId: string;
  customer: string;
  contactName: string;
  services: string;
  health: "Healthy" | "Needs attention";
  /** The customer's newest quote, which Send Proposal and Requote act on; null for none. */
  latestQuoteId: string | null;
};

export type DashboardSummary = {
  mrrCents: number;
  pipeline: { quotes: number; orders: number; installs: number };
  alerts: DashboardAlert[];
  quickActions: QuickActionRow[];
};

const isDealCarrier = (value: string): value is DealCarrier => value in DEAL_CARRIER_LABELS;

function carrierNames(list: string): string {
  return list
    .split(",")
    .filter(isDealCarrier)
    .map((c) => DEAL_CARRIER_LABELS[c])
    .join(", ");
}

const won = (companyId: string) =>
  and(eq(deals.companyId, companyId), eq(deals.status, "closed_won"));

/** The dashboard's figures, from the acting user's company's data alone (docs/decisions/0001). */
export async function getDashboardSummary(ctx: UserContext): Promise<DashboardSummary> {
  const { db } = ctx;
  const { companyId } = ctx.user;
  const [mrr] = await db
    .select({ cents: sql<string>`coalesce(sum(${deals.monthlyRevenueCents}), 0)` })
    .from(deals)
    .where(won(companyId));
  const openQuotes = await db.$count(
    quotes,
    and(eq(quotes.companyId, companyId), inArray(quotes.status, ["draft", "sent"])),
  );
  const orders = await db.$count(
    deals,
    and(won(companyId), isNotNull(deals.orderedAt), isNull(deals.installedAt)),
  );
  const installs = await db.$count(deals, and(won(companyId), isNotNull(deals.installedAt)));

  const overage = await db
    .selectDistinctOn([billAnalyses.customerId], {
      customerId: billAnalyses.customerId,
      customerName: customers.companyName,
      used: billAnalyses.totalDataUsageGb,
      allowance: billAnalyses.dataAllowanceGb,
    })
    .from(billAnalyses)
    .innerJoin(customers, eq(customers.id, billAnalyses.customerId))
    .where(
      and(
        eq(billAnalyses.companyId, companyId),
        eq(billAnalyses.status, "completed"),
        isNotNull(billAnalyses.dataAllowanceGb),
        gte(
          billAnalyses.totalDataUsageGb,
          sql`${billAnalyses.dataAllowanceGb} * ${DATA_OVERAGE_ALERT_RATIO}`,
        ),
      ),
    )
    .orderBy(billAnalyses.customerId, desc(billAnalyses.createdAt));

  const alerts: DashboardAlert[] = overage.flatMap((row) => {
    if (!row.customerId || !row.allowance || row.used === null) return [];
    return [
      {
        customerId: row.customerId,
        customerName: row.customerName,
        percentOver: Math.round((row.used / row.allowance - 1) * 100),
      },
    ];
  });

  // The three customers with the most monthly revenue from won deals.
  const top = await db
    .select({
      customerId: customers.id,
      customer: customers.companyName,
      contactName: customers.name,
      monthly: sql<string>`sum(${deals.monthlyRevenueCents})`,
      lines: sql<string>`sum(${deals.voiceLines} + ${deals.mobileInternetLines} + ${deals.fixedWirelessLines})`,
      carriers: sql<string>`string_agg(distinct ${deals.carrier}::text, ',')`,
    })
    .from(deals)
    .innerJoin(customers, eq(customers.id, deals.customerId))
    .where(won(companyId))
    .groupBy(customers.id)
    .orderBy(desc(sql`sum(${deals.monthlyRevenueCents})`), customers.companyName)
    .limit(3);

  const flagged = new Set(alerts.map((a) => a.customerId));
  const latest = await latestQuotes(
    ctx,
    top.map((row) => row.customerId),
  );
  const quickActions: QuickActionRow[] = top.map((row) => ({
    customerId: row.customerId,
    customer: row.customer,
    contactName: row.contactName,
    services: `${Number(row.lines)} lines · ${carrierNames(row.carriers)}`,
    health: flagged.has(row.customerId) ? "Needs attention" : "Healthy",
    latestQuoteId: latest.get(row.customerId)?.id ?? null,
  }));

  return {
    mrrCents: Number(mrr?.cents ?? 0),
    pipeline: { quotes: openQuotes, orders, installs },
    alerts,
    quickActions,
  };
}

export const CHECK_IN_DAYS = 7;

/**
 * Schedules a check-in with a customer of the agent's company, due CHECK_IN_DAYS from the clock's
 * now: a reminder in the agent's notifications. Returns the reminder text, or null when there is
 * no such customer in the company.
 */
export async function scheduleCheckIn(
  ctx: UserContext,
  input: { customerId: string },
): Promise<string | null> {
  const [customer] = await ctx.db
    .select({ name: customers.name, companyName: customers.companyName })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), eq(customers.companyId, ctx.user.companyId)));
  if (!customer) return null;
  const now = ctx.ports.clock.now();
  const due = formatDate(new Date(now.getTime() + CHECK_IN_DAYS * 24 * 60 * 60 * 1000));
  const message = `Check in with ${customer.name} at ${customer.companyName} by ${due}.`;
  await notify(ctx, { type: "info", title: "Check-in scheduled", message });
  return message;
}
