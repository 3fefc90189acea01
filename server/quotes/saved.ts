import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { QuoteSource, QuoteStatus } from "#app/lib/domain.ts";
import {
  type CatalogRef,
  type GeneratedQuote,
  QUOTE_NOT_FOUND,
  QUOTES_PAGE_SIZE,
  type QuoteCustomerInfo,
  type QuoteItem,
  type QuoteListQuery,
  type QuoteNeeds,
  type QuoteOption,
  type QuoteSaving,
  type QuoteTotals,
  type SaveQuoteRequest,
  type UnmetNeed,
} from "#app/lib/schemas/quote.ts";
import { visibleToActor } from "#server/accounts/index.ts";
import { recordActivity } from "#server/activity/index.ts";
import {
  alreadyACustomer,
  contactOnlyFields,
  findSameCustomer,
  holdCustomerWrites,
  insertCustomer,
  nameKey,
} from "#server/customers/index.ts";
import type { Database } from "#server/db/client.ts";
import { containsPattern } from "#server/db/like.ts";
import {
  billAnalyses,
  companies,
  quoteItems,
  quoteOptions,
  quotes,
} from "#server/db/schema/index.ts";
import { sideBySide } from "#server/db/side-by-side.ts";
import type { UserContext } from "#server/platform/context.ts";
import { conflict, invalidInput, notFound } from "#server/platform/errors.ts";
import { pageWithin } from "#server/platform/paging.ts";
import { billPlanChargesCents, needsFromBill } from "./engine/from-bill.ts";
import { priceQuote } from "./engine/price.ts";
import { loadCatalogSnapshot, quoteDay } from "./generate.ts";

// Saved quotes (issue 15): a generated quote priced again on the server and stored with its
// options and catalog-linked items, the list, and the quote page's reading. Every query starts
// from `quoteScope`, so another company's quote is "not found".

/** The quotes the acting user may see: their company's, and under the setting an agent's own. */
export async function quoteScope(ctx: UserContext): Promise<SQL> {
  return (
    and(eq(quotes.companyId, ctx.user.companyId), await visibleToActor(ctx, quotes.agentId)) ??
    sql`false`
  );
}

/** The status a quote reads as on `today`: an open quote past its validity date has expired. */
export function effectiveStatusSql(today: string): SQL<QuoteStatus> {
  return sql<QuoteStatus>`(case when ${quotes.status} in ('draft', 'sent') and ${quotes.validUntil} < ${today}::date then 'expired'::quote_status else ${quotes.status} end)`;
}

/** `day` plus `days`, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The catalog columns an item keeps, from the engine's reference. */
function itemRefColumns(ref: QuoteItem["ref"]) {
  switch (ref.table) {
    case "rate_plans":
      return { ratePlanId: ref.id, ratePlanTierId: ref.tierId };
    case "device_offers":
      return { deviceOfferId: ref.id, deviceId: ref.certifiedDeviceId };
    case "promotions":
      return { promotionId: ref.id };
    case "carrier_fees":
      return { carrierFeeId: ref.id };
  }
}

/** The option whose figures the quote's row carries: the chosen one, else the recommended. */
function leadOption<T extends { recommended: boolean }>(options: readonly T[]): T | undefined {
  return options.find((o) => o.recommended) ?? options[0];
}

export type PricedQuoteRow = {
  companyId: string;
  agentId: string;
  customerId: string | null;
  /** A quote saved before its website was required may have none. */
  customerInfo: Omit<QuoteCustomerInfo, "companyWebsite"> & { companyWebsite: string | null };
  description: string;
  quote: GeneratedQuote;
  validUntil: string;
  billAnalysisId?: string | null;
  status?: "draft" | "sent";
  rootQuoteId?: string | null;
  version?: number;
  createdAt?: Date;
  /** When a quote stored as sent was sent (the seed's); the send itself sets it otherwise. */
  sentAt?: Date;
};

/**
 * Inserts a priced quote with its options and items on whatever `db` is (a caller's
 * transaction, or the seed's), so the save, a new version and the demo data share one path.
 */
export async function insertPricedQuote(db: Database, row: PricedQuoteRow): Promise<string> {
  const { quote, customerInfo } = row;
  const lead = leadOption(quote.options);
  const [saved] = await db
    .insert(quotes)
    .values({
      companyId: row.companyId,
      customerId: row.customerId,
      agentId: row.agentId,
      status: row.status ?? "draft",
      companyName: customerInfo.companyName,
      companyWebsite: customerInfo.companyWebsite,
      contactName: customerInfo.contactName,
      contactEmail: customerInfo.contactEmail,
      description: row.description,
      source: quote.source,
      needs: quote.needs,
      assumptions: quote.assumptions,
      unmet: quote.unmet,
      pricedOn: quote.pricedOn,
      currentMonthlyCents: quote.saving?.currentMonthlyCents ?? null,
      billAnalysisId: row.billAnalysisId ?? null,
      monthlyTotalCents: lead?.totals.monthlyCents ?? 0,
      oneTimeTotalCents: lead?.totals.oneTimeCents ?? 0,
      termTotalCents: lead?.totals.termCents ?? 0,
      termMonths: quote.needs.termMonths,
      validUntil: row.validUntil,
      rootQuoteId: row.rootQuoteId ?? null,
      version: row.version ?? 1,
      ...(row.createdAt ? { createdAt: row.createdAt, updatedAt: row.createdAt } : {}),
      ...(row.sentAt ? { sentAt: row.sentAt } : {}),
    })
    .returning({ id: quotes.id });
  if (!saved) throw new Error("insertPricedQuote: the insert returned no row");
  for (const [position, option] of quote.options.entries()) {
    const [optionRow] = await db
      .insert(quoteOptions)
      .values({
        quoteId: saved.id,
        position,
        carrier: option.carrier,
        label: option.label,
        recommended: option.recommended,
        meetsAllNeeds: option.meetsAllNeeds,
        unmet: option.unmet,
        monthlyCents: option.totals.monthlyCents,
        oneTimeCents: option.totals.oneTimeCents,
        termCents: option.totals.termCents,
        termMonths: option.totals.termMonths,
        lines: option.totals.lines,
      })
      .returning({ id: quoteOptions.id });
    if (!optionRow) throw new Error("insertPricedQuote: the option insert returned no row");
    await insertOptionItems(db, { quoteId: saved.id, optionId: optionRow.id }, option.items);
  }
  return saved.id;
}

/** An option's priced items, in their order, with their catalog rows. */
export async function insertOptionItems(
  db: Database,
  of: { quoteId: string; optionId: string },
  items: readonly QuoteItem[],
): Promise<void> {
  if (items.length === 0) return;
  await db.insert(quoteItems).values(
    items.map((item, position) => ({
      ...of,
      position,
      kind: item.kind,
      lineKind: item.lineKind,
      carrier: item.carrier,
      description: item.description,
      quantity: item.quantity,
      unitMonthlyCents: item.unitMonthlyCents,
      unitOneTimeCents: item.unitOneTimeCents,
      months: item.months,
      ...itemRefColumns(item.ref),
    })),
  );
}

/** How many days a new quote of the acting user's company stays valid. */
export async function validityDays(ctx: UserContext): Promise<number> {
  const [company] = await ctx.db
    .select({ days: companies.quoteValidityDays })
    .from(companies)
    .where(eq(companies.id, ctx.user.companyId));
  return company?.days ?? 30;
}

/**
 * The company's customer a quote is for, by the one test of "already a customer" (decision
 * 0016): the one with the contact's email, else the same contact at the same company, else a new
 * one made from the quote's customer fields. An email that is a customer at another company is
 * refused as New Customer refuses it, naming them: filing the quote there would be silent, and a
 * new customer would repeat the email.
 */
async function customerFor(ctx: UserContext, info: QuoteCustomerInfo): Promise<string> {
  await holdCustomerWrites(ctx);
  const fields = {
    name: info.contactName,
    companyName: info.companyName,
    email: info.contactEmail,
  };
  const same = await findSameCustomer(ctx, fields);
  if (same) {
    if (same.by === "email" && nameKey(same.companyName) !== nameKey(info.companyName)) {
      throw alreadyACustomer(fields, same, "contactEmail");
    }
    return same.id;
  }
  const created = await insertCustomer(
    ctx,
    contactOnlyFields({
      name: info.contactName,
      companyName: info.companyName,
      companyWebsite: info.companyWebsite,
      email: info.contactEmail,
    }),
  );
  return created.id;
}

/** Prices needs (or a bill) from today's catalog: the browser's figures are never stored. */
async function priceAgain(
  ctx: UserContext,
  input: { needs: QuoteNeeds; source: QuoteSource; currentMonthlyCents: number | null },
): Promise<GeneratedQuote> {
  const today = quoteDay(ctx);
  const catalog = await loadCatalogSnapshot(ctx, today);
  return priceQuote(catalog, input.needs, {
    today,
    source: input.source,
    currentMonthlyCents: input.currentMonthlyCents,
  });
}

/**
 * Save Quote: the quote priced again from today's catalog, then in one transaction its customer
 * (found or created), the quote with its options and items, and the `quote_saved` entry.
 */
export async function saveQuote(
  ctx: UserContext,
  input: SaveQuoteRequest,
  options: {
    /** The customer the caller already found in the agent's reach (a bill's), not looked up. */
    customerId?: string;
  } = {},
): Promise<{ id: string; customerId: string }> {
  const fromBill = "currentBill" in input;
  const quote = fromBill
    ? await priceAgain(ctx, {
        needs: needsFromBill(input.currentBill),
        source: "bill",
        currentMonthlyCents: billPlanChargesCents(input.currentBill),
      })
    : await priceAgain(ctx, {
        needs: input.needs,
        source: "description",
        currentMonthlyCents: null,
      });
  const description = fromBill
    ? `Quote from the current bill of ${input.customerInfo.companyName}`
    : input.description;
  const validUntil = addDays(quote.pricedOn, await validityDays(ctx));
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    let billAnalysisId: string | null = null;
    if (fromBill && input.billAnalysisId) {
      const [bill] = await tx
        .select({ id: billAnalyses.id })
        .from(billAnalyses)
        .where(
          and(
            eq(billAnalyses.id, input.billAnalysisId),
            eq(billAnalyses.companyId, ctx.user.companyId),
            // Where agents see only their own, a colleague's bill is not found either.
            await visibleToActor(ctx, billAnalyses.uploadedBy),
          ),
        );
      if (!bill) throw invalidInput("That bill analysis was not found.");
      billAnalysisId = bill.id;
    }
    const customerId = options.customerId ?? (await customerFor(txCtx, input.customerInfo));
    const id = await insertPricedQuote(tx, {
      companyId: ctx.user.companyId,
      agentId: ctx.user.id,
      customerId,
      customerInfo: input.customerInfo,
      description,
      quote,
      validUntil,
      billAnalysisId,
    });
    await recordActivity(txCtx, {
      quoteId: id,
      customerId,
      details: { kind: "quote_saved", company: input.customerInfo.companyName },
    });
    return { id, customerId };
  });
}

/** A generated (not saved) quote, on the agent's log. */
export async function recordQuoteGenerated(
  ctx: UserContext,
  quote: { customerInfo: QuoteCustomerInfo | null },
): Promise<void> {
  await recordActivity(ctx, {
    details: { kind: "quote_generated", company: quote.customerInfo?.companyName ?? null },
  });
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export type QuoteListRow = {
  id: string;
  status: QuoteStatus;
  companyName: string;
  contactName: string;
  customerId: string | null;
  monthlyTotalCents: number;
  createdAt: Date;
  validUntil: string | null;
  version: number;
};

export type QuoteListPage = {
  rows: QuoteListRow[];
  total: number;
  page: number;
  pageCount: number;
};

/** One page of the saved quotes, newest first: search by company or contact, filter by status. */
export async function listQuotes(ctx: UserContext, query: QuoteListQuery): Promise<QuoteListPage> {
  const status = effectiveStatusSql(quoteDay(ctx));
  const where: SQL[] = [await quoteScope(ctx)];
  if (query.customerId) where.push(eq(quotes.customerId, query.customerId));
  if (query.status !== "all") where.push(sql`${status} = ${query.status}::quote_status`);
  if (query.q !== "") {
    const pattern = containsPattern(query.q);
    const match = or(ilike(quotes.companyName, pattern), ilike(quotes.contactName, pattern));
    if (match) where.push(match);
  }
  const filter = and(...where);
  const total = await ctx.db.$count(quotes, filter);
  const { page, pageCount, offset } = pageWithin(query.page, total, QUOTES_PAGE_SIZE);
  const rows = await ctx.db
    .select({
      id: quotes.id,
      status,
      companyName: quotes.companyName,
      contactName: quotes.contactName,
      customerId: quotes.customerId,
      monthlyTotalCents: quotes.monthlyTotalCents,
      createdAt: quotes.createdAt,
      validUntil: quotes.validUntil,
      version: quotes.version,
    })
    .from(quotes)
    .where(filter)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(QUOTES_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pageCount };
}

// ---------------------------------------------------------------------------------------------
// One quote
// ---------------------------------------------------------------------------------------------

/** A stored item; its catalog row is null when that row has left the catalog since. */
export type SavedQuoteItem = Omit<QuoteItem, "ref"> & {
  id: string;
  ratePlanId: string | null;
  ref: CatalogRef | null;
};

/** The catalog row an item was priced from, as the engine names it. */
function refOf(item: typeof quoteItems.$inferSelect): CatalogRef | null {
  if (item.ratePlanId)
    return { table: "rate_plans", id: item.ratePlanId, tierId: item.ratePlanTierId };
  if (item.deviceOfferId)
    return { table: "device_offers", id: item.deviceOfferId, certifiedDeviceId: item.deviceId };
  if (item.promotionId) return { table: "promotions", id: item.promotionId };
  if (item.carrierFeeId) return { table: "carrier_fees", id: item.carrierFeeId };
  return null;
}

export type SavedQuoteOption = Omit<QuoteOption, "items"> & {
  id: string;
  chosen: boolean;
  items: SavedQuoteItem[];
};

export type SavedQuote = {
  id: string;
  status: QuoteStatus;
  /** What the row says, before the validity date is read. */
  storedStatus: QuoteStatus;
  customerId: string | null;
  companyName: string;
  companyWebsite: string | null;
  contactName: string;
  contactEmail: string;
  description: string;
  source: QuoteSource;
  needs: QuoteNeeds | null;
  pricedOn: string | null;
  validUntil: string | null;
  termMonths: number;
  monthlyTotalCents: number;
  assumptions: string[];
  unmet: UnmetNeed[];
  saving: QuoteSaving | null;
  dealId: string | null;
  /** The deal of this quote or of any of its versions: one deal per quote (decision 0021). */
  familyDealId: string | null;
  rootQuoteId: string | null;
  version: number;
  decidedAt: Date | null;
  createdAt: Date;
  options: SavedQuoteOption[];
  /** Every version of the same quote, first to last (this one included). */
  versions: { id: string; version: number; status: QuoteStatus; dealId: string | null }[];
};

/** A quote the acting user may see, with its options, items and versions; else not found. */
export async function getQuote(ctx: UserContext, input: { id: string }): Promise<SavedQuote> {
  const status = effectiveStatusSql(quoteDay(ctx));
  const scope = await quoteScope(ctx);
  const [row] = await ctx.db
    .select({ quote: quotes, status })
    .from(quotes)
    .where(and(eq(quotes.id, input.id), scope));
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  const q = row.quote;
  const [optionRows, itemRows, versions] = await sideBySide(ctx.db, [
    ctx.db
      .select()
      .from(quoteOptions)
      .where(eq(quoteOptions.quoteId, q.id))
      .orderBy(asc(quoteOptions.position)),
    ctx.db
      .select()
      .from(quoteItems)
      .where(eq(quoteItems.quoteId, q.id))
      .orderBy(asc(quoteItems.optionId), asc(quoteItems.position)),
    ctx.db
      .select({ id: quotes.id, version: quotes.version, status, dealId: quotes.dealId })
      .from(quotes)
      .where(
        and(
          scope,
          or(eq(quotes.id, q.rootQuoteId ?? q.id), eq(quotes.rootQuoteId, q.rootQuoteId ?? q.id)),
        ),
      )
      .orderBy(asc(quotes.version), asc(quotes.createdAt)),
  ]);
  const options: SavedQuoteOption[] = optionRows.map((o) => {
    const totals: QuoteTotals = {
      monthlyCents: o.monthlyCents,
      oneTimeCents: o.oneTimeCents,
      termCents: o.termCents,
      termMonths: o.termMonths,
      lines: o.lines,
    };
    return {
      id: o.id,
      carrier: o.carrier,
      label: o.label,
      recommended: o.recommended,
      chosen: o.chosen,
      meetsAllNeeds: o.meetsAllNeeds,
      unmet: o.unmet,
      totals,
      items: itemRows
        .filter((item) => item.optionId === o.id)
        .map((item) => ({
          id: item.id,
          kind: item.kind,
          lineKind: item.lineKind,
          carrier: item.carrier ?? o.carrier,
          ref: refOf(item),
          description: item.description,
          quantity: item.quantity,
          unitMonthlyCents: item.unitMonthlyCents,
          unitOneTimeCents: item.unitOneTimeCents,
          months: item.months,
          ratePlanId: item.ratePlanId,
        })),
    };
  });
  const recommended = leadOption(options);
  const saving =
    q.currentMonthlyCents === null || !recommended
      ? null
      : {
          currentMonthlyCents: q.currentMonthlyCents,
          monthlyCents: q.currentMonthlyCents - recommended.totals.monthlyCents,
          yearlyCents: (q.currentMonthlyCents - recommended.totals.monthlyCents) * 12,
        };
  return {
    id: q.id,
    status: row.status,
    storedStatus: q.status,
    customerId: q.customerId,
    companyName: q.companyName,
    companyWebsite: q.companyWebsite,
    contactName: q.contactName,
    contactEmail: q.contactEmail,
    description: q.description,
    source: q.source,
    needs: q.needs,
    pricedOn: q.pricedOn,
    validUntil: q.validUntil,
    termMonths: q.termMonths,
    monthlyTotalCents: q.monthlyTotalCents,
    assumptions: q.assumptions,
    unmet: q.unmet,
    saving,
    dealId: q.dealId,
    familyDealId: q.dealId ?? versions.find((v) => v.dealId)?.dealId ?? null,
    rootQuoteId: q.rootQuoteId,
    version: q.version,
    decidedAt: q.decidedAt,
    createdAt: q.createdAt,
    options,
    versions,
  };
}

/** A customer's newest quote, with whom its proposal goes to (asked before it is sent). */
export type LatestQuote = {
  id: string;
  status: QuoteStatus;
  companyName: string;
  contactName: string;
  contactEmail: string;
};

/**
 * Each customer's newest quote the acting user may see (the dashboard's Send Proposal and
 * Requote act on it), by customer id; customers without one are absent.
 */
export async function latestQuotes(
  ctx: UserContext,
  customerIds: readonly string[],
): Promise<Map<string, LatestQuote>> {
  if (customerIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectDistinctOn([quotes.customerId], {
      customerId: quotes.customerId,
      id: quotes.id,
      status: effectiveStatusSql(quoteDay(ctx)),
      companyName: quotes.companyName,
      contactName: quotes.contactName,
      contactEmail: quotes.contactEmail,
    })
    .from(quotes)
    .where(and(await quoteScope(ctx), inArray(quotes.customerId, [...customerIds])))
    .orderBy(quotes.customerId, desc(quotes.createdAt), desc(quotes.id));
  return new Map(
    rows.flatMap(({ customerId, ...quote }) => (customerId ? [[customerId, quote]] : [])),
  );
}

/** A decided or converted quote keeps its record: nothing on it changes after. */
export function refuseIfClosed(quote: SavedQuote): void {
  if (quote.dealId) throw conflict("This quote is already a deal.");
  if (quote.storedStatus === "accepted" || quote.storedStatus === "declined") {
    throw conflict("This quote is already decided.");
  }
}

export const QUOTE_SENT_STAYS =
  "This quote was sent to the customer, so it stays as sent. Make a new version to change it.";

/**
 * Whether the options of a quote may still change (re-priced, another one chosen): only a
 * draft's. A sent quote is what the customer holds, under its version number, and what Mark
 * Accepted and Convert to Deal record; a decided or converted one is a record.
 */
export function isChangeable(quote: Pick<SavedQuote, "storedStatus" | "dealId">): boolean {
  return quote.storedStatus === "draft" && quote.dealId === null;
}

/**
 * Holds the quote's row until the caller's transaction ends, before it is read: a change to its
 * options and a send then take turns, so a proposal never goes out with figures that a change
 * made while it was being drawn would leave behind (see sendProposal).
 */
export async function lockQuote(ctx: UserContext, id: string): Promise<void> {
  await ctx.db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.companyId, ctx.user.companyId)))
    .for("update");
}

/** Refuses a change to a quote's options once it is sent, decided or converted. */
export function refuseIfUnchangeable(quote: SavedQuote): void {
  refuseIfClosed(quote);
  if (!isChangeable(quote)) throw conflict(QUOTE_SENT_STAYS);
}

/**
 * After one of a quote's options changed (chosen, re-priced): the quote row's totals follow it
 * when it leads the quote, and the change goes on the timeline as `quote_updated`. Inside the
 * caller's transaction.
 */
export async function recordOptionChange(
  ctx: UserContext,
  quote: SavedQuote,
  change: {
    option: { label: string; totals: QuoteOption["totals"] };
    leads: boolean;
    kind: "chosen" | "repriced";
  },
): Promise<void> {
  const { totals } = change.option;
  await ctx.db
    .update(quotes)
    .set({
      ...(change.leads
        ? {
            monthlyTotalCents: totals.monthlyCents,
            oneTimeTotalCents: totals.oneTimeCents,
            termTotalCents: totals.termCents,
          }
        : {}),
      updatedAt: ctx.ports.clock.now(),
    })
    .where(eq(quotes.id, quote.id));
  await recordActivity(ctx, {
    quoteId: quote.id,
    ...(quote.customerId ? { customerId: quote.customerId } : {}),
    details: {
      kind: "quote_updated",
      company: quote.companyName,
      option: change.option.label,
      change: change.kind,
    },
  });
}
