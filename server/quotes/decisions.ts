import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { CARRIER_LABELS, type DealCarrier, type LineKind } from "#app/lib/domain.ts";
import { newDealDefaults } from "#app/lib/schemas/deals.ts";
import { recordActivity } from "#server/activity/index.ts";
import { listRatePlansForCarrier } from "#server/catalog/index.ts";
import { quoteOptions, quotes } from "#server/db/schema/index.ts";
import { createDeal } from "#server/deals/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { conflict, invalidInput } from "#server/platform/errors.ts";
import { priceQuote } from "./engine/price.ts";
import { loadCatalogSnapshot, quoteDay } from "./generate.ts";
import {
  addDays,
  getQuote,
  insertPricedQuote,
  lockQuote,
  quoteScope,
  recordOptionChange,
  refuseIfClosed,
  refuseIfUnchangeable,
  type SavedQuoteOption,
  validityDays,
} from "./saved.ts";

// What the quote page does to a saved quote: choose the option the customer takes, mark it
// accepted or lost, turn it into a deal, or make a new version priced from today's catalog.

const DEAL_CARRIER: Record<SavedQuoteOption["carrier"], DealCarrier> = {
  att: "ATT",
  verizon: "VERIZON",
  tmobile: "TMOBILE",
};

/** The customer takes this option: it is the quote's chosen one, and its totals the quote's. */
export async function chooseQuoteOption(
  ctx: UserContext,
  input: { id: string; optionId: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await lockQuote(txCtx, input.id);
    const quote = await getQuote(txCtx, { id: input.id });
    refuseIfUnchangeable(quote);
    const option = quote.options.find((o) => o.id === input.optionId);
    if (!option) throw invalidInput("Choose one of the quote's options");
    if (option.chosen) return;
    // Unchosen first: at most one chosen option per quote (a unique index holds it).
    await tx
      .update(quoteOptions)
      .set({ chosen: false })
      .where(and(eq(quoteOptions.quoteId, quote.id), eq(quoteOptions.chosen, true)));
    await tx.update(quoteOptions).set({ chosen: true }).where(eq(quoteOptions.id, option.id));
    await recordOptionChange(txCtx, quote, { option, leads: true, kind: "chosen" });
  });
}

/** The customer said yes (accepted) or no (declined, shown as Lost). */
export async function decideQuote(
  ctx: UserContext,
  input: { id: string; decision: "accepted" | "declined" },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const quote = await getQuote(txCtx, { id: input.id });
    refuseIfClosed(quote);
    const now = ctx.ports.clock.now();
    await tx
      .update(quotes)
      .set({ status: input.decision, decidedAt: now, updatedAt: now })
      .where(eq(quotes.id, quote.id));
    await recordActivity(txCtx, {
      quoteId: quote.id,
      ...(quote.customerId ? { customerId: quote.customerId } : {}),
      details: {
        kind: input.decision === "accepted" ? "quote_accepted" : "quote_declined",
        company: quote.companyName,
      },
    });
  });
}

/**
 * The deal's field each kind of quoted line goes in. A deal counts voice, mobile internet and
 * fixed wireless lines; hotspots and wearables are data lines without a voice plan of their own,
 * as the demo's hotspot deal stores them, so they count as mobile internet (decision 0021).
 */
const DEAL_LINE_FIELD = {
  voice: "voiceLines",
  mobile_internet: "mobileInternetLines",
  hotspot: "mobileInternetLines",
  wearable: "mobileInternetLines",
  fixed_wireless: "fixedWirelessLines",
} as const satisfies Record<LineKind, string>;

/** Lines a deal counts, from an option's plan items: every quoted line, in the deal's fields. */
export function dealLinesOf(option: SavedQuoteOption) {
  const lines = { voiceLines: 0, mobileInternetLines: 0, fixedWirelessLines: 0 };
  for (const item of option.items) {
    if (item.kind === "plan" && item.lineKind) {
      lines[DEAL_LINE_FIELD[item.lineKind]] += item.quantity;
    }
  }
  return lines;
}

/**
 * The deal a version of this quote already made, read across the company (not the agent's own
 * view, which may hide a colleague's version): one deal per quote, whichever version converts.
 */
async function familyDeal(ctx: UserContext, root: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ dealId: quotes.dealId })
    .from(quotes)
    .where(
      and(
        eq(quotes.companyId, ctx.user.companyId),
        or(eq(quotes.id, root), eq(quotes.rootQuoteId, root)),
        isNotNull(quotes.dealId),
      ),
    )
    .limit(1);
  return row?.dealId ?? null;
}

export const QUOTE_ALREADY_DEAL = "This quote is already a deal.";
export const QUOTE_LOST_NO_DEAL = "This quote is lost. Make a new version to quote again.";

/**
 * Convert to deal, in one transaction: a deal from the chosen (else recommended) option through
 * the deals area's own create, the quote linked to it, and `quote_converted`. The deal carries
 * the option's own figures: its first month and its whole term, credits that end included.
 */
export async function convertQuoteToDeal(
  ctx: UserContext,
  input: { id: string },
): Promise<{ dealId: string }> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const quote = await getQuote(txCtx, { id: input.id });
    // Versions of one quote convert in turn: the second finds the first's deal.
    const root = quote.rootQuoteId ?? quote.id;
    await lockQuote(txCtx, root);
    if (quote.dealId || (await familyDeal(txCtx, root))) throw conflict(QUOTE_ALREADY_DEAL);
    if (quote.storedStatus === "declined") throw conflict(QUOTE_LOST_NO_DEAL);
    const option =
      quote.options.find((o) => o.chosen) ??
      quote.options.find((o) => o.recommended) ??
      quote.options[0];
    if (!option) throw invalidInput("This quote has no option to make a deal of.");
    const lines = dealLinesOf(option);
    const totalLines = lines.voiceLines + lines.mobileInternetLines + lines.fixedWirelessLines;
    const voicePlan = option.items.find(
      (item) => item.kind === "plan" && item.lineKind === "voice" && item.ratePlanId,
    );
    // The rate a line is the option's whole monthly (devices, fees and credits in it) a line, for
    // the deal form; the deal's value and monthly revenue are the option's own, exactly, since a
    // rounded rate or a credit that ends makes lines × rate × term miss them. A plan is named only
    // where its Price Per Line is the rate; beside an all-in rate it would disagree, and touching
    // it would drop the devices from the deal's value.
    const monthlyRate = totalLines === 0 ? 0 : Math.round(option.totals.monthlyCents / totalLines);
    const plans = voicePlan ? await listRatePlansForCarrier(txCtx, option.carrier) : [];
    const plan = plans.find((p) => p.id === voicePlan?.ratePlanId);
    const carrier = DEAL_CARRIER[option.carrier];
    const defaults = newDealDefaults(ctx.ports.clock.now());
    const deal = await createDeal(
      txCtx,
      {
        customerId: quote.customerId,
        contactName: quote.contactName,
        companyName: quote.companyName,
        companyWebsite: quote.companyWebsite,
        title: `${quote.companyName} — ${CARRIER_LABELS[option.carrier]} ${totalLines} lines`,
        description: quote.description,
        status: "proposal",
        stage: "proposal",
        carrier,
        probability: Number(defaults.probability),
        closeDate: defaults.closeDate,
        productType: null,
        ...lines,
        useCase: null,
        hardwareSource: "carrier",
        partnerSolution: null,
        ratePlanId: plan?.pricePerLineCents === monthlyRate ? plan.id : null,
        monthlyRate,
        contractTerm: option.totals.termMonths,
        oneTimeRevenue: option.totals.oneTimeCents,
        lostReason: null,
      },
      {
        valueCents: option.totals.termCents - option.totals.oneTimeCents,
        monthlyRevenueCents: option.totals.monthlyCents,
      },
    );
    // Only a quote no one converted meanwhile is linked: two clicks make one deal.
    const linked = await tx
      .update(quotes)
      .set({ dealId: deal.id, updatedAt: ctx.ports.clock.now() })
      .where(and(eq(quotes.id, quote.id), sql`${quotes.dealId} is null`))
      .returning({ id: quotes.id });
    if (linked.length === 0) throw conflict(QUOTE_ALREADY_DEAL);
    await recordActivity(txCtx, {
      quoteId: quote.id,
      dealId: deal.id,
      ...(quote.customerId ? { customerId: quote.customerId } : {}),
      details: { kind: "quote_converted", company: quote.companyName },
    });
    return { dealId: deal.id };
  });
}

/**
 * A new version: the same needs and customer priced from today's catalog, a draft numbered
 * after the last version of the same root. Renewing an expired quote is the same.
 */
export async function versionQuote(
  ctx: UserContext,
  input: { id: string },
): Promise<{ id: string }> {
  const quote = await getQuote(ctx, { id: input.id });
  if (!quote.needs) throw invalidInput("This quote has no needs to price again.");
  const today = quoteDay(ctx);
  const priced = priceQuote(await loadCatalogSnapshot(ctx, today), quote.needs, {
    today,
    source: quote.source,
    currentMonthlyCents: quote.saving?.currentMonthlyCents ?? null,
  });
  const validUntil = addDays(priced.pricedOn, await validityDays(ctx));
  const root = quote.rootQuoteId ?? quote.id;
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const [last] = await tx
      .select({ version: sql<number>`max(${quotes.version})::int` })
      .from(quotes)
      .where(and(await quoteScope(txCtx), or(eq(quotes.id, root), eq(quotes.rootQuoteId, root))));
    const version = (last?.version ?? quote.version) + 1;
    const id = await insertPricedQuote(tx, {
      companyId: ctx.user.companyId,
      agentId: ctx.user.id,
      customerId: quote.customerId,
      customerInfo: {
        companyName: quote.companyName,
        companyWebsite: quote.companyWebsite,
        contactName: quote.contactName,
        contactEmail: quote.contactEmail,
      },
      description: quote.description,
      quote: priced,
      validUntil,
      rootQuoteId: root,
      version,
    });
    await recordActivity(txCtx, {
      quoteId: id,
      ...(quote.customerId ? { customerId: quote.customerId } : {}),
      details: { kind: "quote_versioned", company: quote.companyName, version },
    });
    return { id };
  });
}
