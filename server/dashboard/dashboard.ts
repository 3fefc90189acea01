import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { RENEWAL_WINDOW_DAYS } from "#app/lib/dashboard.ts";
import { DEAL_CARRIER_LABELS, type DealCarrier } from "#app/lib/domain.ts";
import { visibleAnalyses } from "#server/bills/index.ts";
import {
  billAnalyses,
  customers,
  deals,
  promotions,
  quoteItems,
  quotes,
} from "#server/db/schema/index.ts";
import { dealScope, type RenewalDue, renewalsDue } from "#server/deals/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import {
  addDays,
  effectiveStatusSql,
  type LatestQuote,
  latestQuotes,
  quoteScope,
} from "#server/quotes/index.ts";
import { today } from "./check-ins.ts";

/** A bill using this much more data than its plan includes raises an alert (20% over). */
export const DATA_OVERAGE_ALERT_RATIO = 1.2;
/** A sent quote with no answer after this many days needs a nudge. */
export const UNANSWERED_QUOTE_DAYS = 7;
/** A promotion ending within this many days warns the agents whose open quotes rely on it. */
export const PROMOTION_ENDING_DAYS = 14;
/** The Quick Actions table's length: the most pressing customers, not the whole book. */
export const QUICK_ACTION_LIMIT = 8;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Data only; the screen words each kind (app/lib/dashboard.ts). */
export type DashboardAlert =
  | { kind: "data_overage"; customerId: string; customerName: string; percentOver: number }
  | {
      kind: "promotion_ending";
      promotionId: string;
      title: string;
      /** YYYY-MM-DD */
      endsOn: string;
      openQuotes: number;
    }
  | {
      kind: "renewal_due";
      dealId: string;
      customerId: string;
      customerName: string;
      contractEnd: Date;
    };

/** Why a customer is in the Quick Actions: each row says it. */
export type AttentionReason =
  | { kind: "renewal_due"; dealId: string; contractEnd: Date }
  | { kind: "quote_unanswered"; quoteId: string; sentAt: Date }
  | { kind: "savings_not_quoted"; billId: string; annualSavingsCents: number };

export type QuickActionRow = {
  customerId: string;
  customer: string;
  contactName: string;
  services: string;
  reasons: AttentionReason[];
  /** The customer's newest quote, which Send Proposal and Requote act on; null for none. */
  latestQuote: LatestQuote | null;
};

export type DashboardSummary = {
  mrrCents: number;
  pipeline: { quotes: number; orders: number; installs: number };
  alerts: DashboardAlert[];
  quickActions: QuickActionRow[];
  /** Won contracts ending within RENEWAL_WINDOW_DAYS, soonest first. */
  renewals: RenewalDue[];
};

const isDealCarrier = (value: string): value is DealCarrier => value in DEAL_CARRIER_LABELS;

function carrierNames(list: string): string {
  return list
    .split(",")
    .filter(isDealCarrier)
    .map((c) => DEAL_CARRIER_LABELS[c])
    .join(", ");
}

/**
 * Customers whose newest analysed bill uses at least 20% more data than its plan holds (an older
 * bill over its plan no longer counts once a newer one is within it); the most over first.
 */
async function dataOverages(ctx: UserContext): Promise<DashboardAlert[]> {
  const latest = ctx.db
    .selectDistinctOn([billAnalyses.customerId], {
      customerId: billAnalyses.customerId,
      used: sql<number>`${billAnalyses.totalDataUsageGb}::float8`.as("used"),
      allowance: sql<number>`${billAnalyses.dataAllowanceGb}::float8`.as("allowance"),
    })
    .from(billAnalyses)
    .where(
      and(
        await visibleAnalyses(ctx),
        eq(billAnalyses.status, "completed"),
        isNotNull(billAnalyses.customerId),
        isNotNull(billAnalyses.totalDataUsageGb),
        gt(billAnalyses.dataAllowanceGb, 0),
      ),
    )
    .orderBy(billAnalyses.customerId, desc(billAnalyses.createdAt), desc(billAnalyses.id))
    .as("latest_usage");
  const rows = await ctx.db
    .select({
      customerId: latest.customerId,
      customerName: customers.companyName,
      used: latest.used,
      allowance: latest.allowance,
    })
    .from(latest)
    .innerJoin(customers, eq(customers.id, latest.customerId))
    .where(gte(latest.used, sql`${latest.allowance} * ${DATA_OVERAGE_ALERT_RATIO}`))
    .orderBy(desc(sql`${latest.used} / ${latest.allowance}`), asc(customers.companyName));
  return rows.flatMap((row) => {
    if (!row.customerId) return [];
    return [
      {
        kind: "data_overage" as const,
        customerId: row.customerId,
        customerName: row.customerName,
        percentOver: Math.round((Number(row.used) / Number(row.allowance) - 1) * 100),
      },
    ];
  });
}

/** Promotions ending within PROMOTION_ENDING_DAYS that the agent's open quotes price in. */
async function promotionsEnding(ctx: UserContext): Promise<DashboardAlert[]> {
  const day = today(ctx);
  const rows = await ctx.db
    .select({
      promotionId: promotions.id,
      title: promotions.title,
      endsOn: promotions.endsOn,
      openQuotes: sql<number>`count(distinct ${quotes.id})::int`,
    })
    .from(promotions)
    .innerJoin(quoteItems, eq(quoteItems.promotionId, promotions.id))
    .innerJoin(quotes, eq(quotes.id, quoteItems.quoteId))
    .where(
      and(
        await quoteScope(ctx),
        inArray(effectiveStatusSql(day), ["draft", "sent"]),
        gte(promotions.endsOn, day),
        lte(promotions.endsOn, addDays(day, PROMOTION_ENDING_DAYS)),
      ),
    )
    .groupBy(promotions.id)
    .orderBy(asc(promotions.endsOn), asc(promotions.title));
  return rows.map((row) => ({ kind: "promotion_ending" as const, ...row }));
}

/** Customers whose latest quote was sent UNANSWERED_QUOTE_DAYS ago or more and is still open. */
async function unansweredQuotes(ctx: UserContext) {
  const day = today(ctx);
  const sentAt = sql<Date>`coalesce(${quotes.sentAt}, ${quotes.createdAt})`.mapWith(
    quotes.createdAt,
  );
  const latest = ctx.db
    .selectDistinctOn([quotes.customerId], {
      customerId: quotes.customerId,
      quoteId: sql<string>`${quotes.id}`.as("quote_id"),
      status: sql<string>`${effectiveStatusSql(day)}`.as("effective_status"),
      sentAt: sql<Date>`${sentAt}`.as("sent_at_or_created"),
    })
    .from(quotes)
    .where(and(await quoteScope(ctx), isNotNull(quotes.customerId)))
    .orderBy(quotes.customerId, desc(quotes.createdAt), desc(quotes.id))
    .as("latest");
  const cutoff = new Date(ctx.ports.clock.now().getTime() - UNANSWERED_QUOTE_DAYS * DAY_MS);
  const rows = await ctx.db
    .select({ customerId: latest.customerId, quoteId: latest.quoteId, sentAt: latest.sentAt })
    .from(latest)
    .where(and(eq(latest.status, "sent"), lte(latest.sentAt, cutoff)))
    .orderBy(asc(latest.sentAt));
  return rows.flatMap((row) =>
    row.customerId
      ? [{ customerId: row.customerId, quoteId: row.quoteId, sentAt: new Date(row.sentAt) }]
      : [],
  );
}

/** Each customer's newest analysed bill with a saving that no quote was made from. */
async function savingsNotQuoted(ctx: UserContext) {
  const latest = ctx.db
    .selectDistinctOn([billAnalyses.customerId], {
      customerId: billAnalyses.customerId,
      billId: sql<string>`${billAnalyses.id}`.as("bill_id"),
      savings: sql<number>`${billAnalyses.annualSavingsCents}`.as("savings"),
    })
    .from(billAnalyses)
    .where(
      and(
        await visibleAnalyses(ctx),
        eq(billAnalyses.status, "completed"),
        isNotNull(billAnalyses.customerId),
      ),
    )
    .orderBy(billAnalyses.customerId, desc(billAnalyses.createdAt), desc(billAnalyses.id))
    .as("latest_bill");
  const rows = await ctx.db
    .select({ customerId: latest.customerId, billId: latest.billId, savings: latest.savings })
    .from(latest)
    .where(
      and(
        gt(latest.savings, 0),
        // Any quote of the company made from this bill counts: the saving is in a quote already.
        sql`not exists (select 1 from ${quotes} where ${quotes.billAnalysisId} = ${latest.billId})`,
      ),
    )
    .orderBy(desc(latest.savings));
  return rows.flatMap((row) =>
    row.customerId
      ? [
          {
            customerId: row.customerId,
            billId: row.billId,
            annualSavingsCents: Number(row.savings),
          },
        ]
      : [],
  );
}

/**
 * The customers needing attention (issue 18): renewals due within RENEWAL_WINDOW_DAYS, quotes sent
 * and not answered in UNANSWERED_QUOTE_DAYS, analysed bills with savings not yet quoted; one row
 * per customer with every reason, renewals first, then unanswered quotes, then savings.
 */
async function customersNeedingAttention(
  ctx: UserContext,
  renewals: RenewalDue[],
): Promise<QuickActionRow[]> {
  const [unanswered, savings] = await Promise.all([unansweredQuotes(ctx), savingsNotQuoted(ctx)]);
  const reasons = new Map<string, AttentionReason[]>();
  const add = (customerId: string, reason: AttentionReason) =>
    reasons.set(customerId, [...(reasons.get(customerId) ?? []), reason]);
  for (const r of renewals)
    add(r.customerId, { kind: "renewal_due", dealId: r.dealId, contractEnd: r.contractEnd });
  for (const q of unanswered)
    add(q.customerId, { kind: "quote_unanswered", quoteId: q.quoteId, sentAt: q.sentAt });
  for (const b of savings)
    add(b.customerId, {
      kind: "savings_not_quoted",
      billId: b.billId,
      annualSavingsCents: b.annualSavingsCents,
    });
  const ids = [...reasons.keys()].slice(0, QUICK_ACTION_LIMIT);
  if (ids.length === 0) return [];

  const [people, services, latest] = await Promise.all([
    ctx.db
      .select({ id: customers.id, customer: customers.companyName, contactName: customers.name })
      .from(customers)
      .where(and(eq(customers.companyId, ctx.user.companyId), inArray(customers.id, ids))),
    ctx.db
      .select({
        customerId: deals.customerId,
        lines: sql<string>`sum(${deals.voiceLines} + ${deals.mobileInternetLines} + ${deals.fixedWirelessLines})`,
        carriers: sql<string>`string_agg(distinct ${deals.carrier}::text, ',')`,
      })
      .from(deals)
      .where(
        and(await dealScope(ctx), eq(deals.status, "closed_won"), inArray(deals.customerId, ids)),
      )
      .groupBy(deals.customerId),
    latestQuotes(ctx, ids),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const servicesOf = new Map(
    services.map((s) => [s.customerId, `${Number(s.lines)} lines · ${carrierNames(s.carriers)}`]),
  );
  return ids.flatMap((id) => {
    const person = byId.get(id);
    if (!person) return [];
    return [
      {
        customerId: id,
        customer: person.customer,
        contactName: person.contactName,
        services: servicesOf.get(id) ?? "No active services",
        reasons: reasons.get(id) ?? [],
        latestQuote: latest.get(id) ?? null,
      },
    ];
  });
}

/**
 * The dashboard's figures, from the deals and quotes the acting user may see (docs/decisions/0001,
 * 0016): under "agents see only their own", an agent's MRR and pipeline are their own, as the
 * board and the quotes list are. Open quotes are those the quotes list shows as Draft or Sent: a
 * quote past its validity date has expired and is not counted.
 */
export async function getDashboardSummary(ctx: UserContext): Promise<DashboardSummary> {
  const { db } = ctx;
  const wonDeals = and(await dealScope(ctx), eq(deals.status, "closed_won"));
  const [mrr] = await db
    .select({ cents: sql<string>`coalesce(sum(${deals.monthlyRevenueCents}), 0)` })
    .from(deals)
    .where(wonDeals);
  const openQuotes = await db.$count(
    quotes,
    and(await quoteScope(ctx), inArray(effectiveStatusSql(today(ctx)), ["draft", "sent"])),
  );
  const orders = await db.$count(
    deals,
    and(wonDeals, isNotNull(deals.orderedAt), isNull(deals.installedAt)),
  );
  const installs = await db.$count(deals, and(wonDeals, isNotNull(deals.installedAt)));

  const renewals = await renewalsDue(ctx, RENEWAL_WINDOW_DAYS);
  const [overages, promos, quickActions] = await Promise.all([
    dataOverages(ctx),
    promotionsEnding(ctx),
    customersNeedingAttention(ctx, renewals),
  ]);
  const renewalAlerts: DashboardAlert[] = renewals.map((r) => ({
    kind: "renewal_due",
    dealId: r.dealId,
    customerId: r.customerId,
    customerName: r.customerCompany,
    contractEnd: r.contractEnd,
  }));

  return {
    mrrCents: Number(mrr?.cents ?? 0),
    pipeline: { quotes: openQuotes, orders, installs },
    alerts: [...overages, ...promos, ...renewalAlerts],
    quickActions,
    renewals,
  };
}
