import { and, eq } from "drizzle-orm";
import type { Carrier, LineKind } from "#app/lib/domain.ts";
import type { OptionSelection, QuoteItem, QuoteOption } from "#app/lib/schemas/quote.ts";
import { quoteItems, quoteOptions } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { invalidInput } from "#server/platform/errors.ts";
import { deviceName, planKind } from "./engine/catalog.ts";
import { priceSelection, SelectionError, selectionOfOption } from "./engine/selection.ts";
import { loadCatalogSnapshot, quoteDay } from "./generate.ts";
import {
  getQuote,
  insertOptionItems,
  lockQuote,
  recordOptionChange,
  refuseIfUnchangeable,
  type SavedQuote,
  type SavedQuoteOption,
} from "./saved.ts";

// The quote page's editor (issue 15, decision 0021): an option's plans, lines, devices and
// credits changed by the agent, then priced again from today's catalog by the engine.

export type EditChoice = { id: string; label: string; kind: LineKind };
/** What the editor offers per carrier: the plans and device offers of today's catalog. */
export type EditChoices = Partial<Record<Carrier, { plans: EditChoice[]; devices: EditChoice[] }>>;

/** The option as the engine reads it: items whose catalog row is gone are not part of it. */
function engineOption(option: SavedQuoteOption): QuoteOption {
  const items: QuoteItem[] = option.items.flatMap((item) =>
    item.ref ? [{ ...item, ref: item.ref }] : [],
  );
  return { ...option, items };
}

/** Each option's selection, as the editor starts it; none for a quote without needs. */
export function selectionsOf(quote: SavedQuote): Record<string, OptionSelection> {
  const needs = quote.needs;
  if (!needs) return {};
  return Object.fromEntries(
    quote.options.map((option) => [option.id, selectionOfOption(engineOption(option), needs)]),
  );
}

/** The plans and devices the editor may swap in, for the carriers of the quote's options. */
export async function editChoices(ctx: UserContext, quote: SavedQuote): Promise<EditChoices> {
  const catalog = await loadCatalogSnapshot(ctx, quoteDay(ctx));
  const choices: EditChoices = {};
  for (const carrier of new Set(quote.options.map((o) => o.carrier))) {
    choices[carrier] = {
      plans: catalog.plans
        .filter((p) => p.carrier === carrier)
        .map((p) => ({ id: p.id, label: p.plan, kind: planKind(p.planType) })),
      devices: catalog.deviceOffers
        .filter((d) => d.carrier === carrier)
        .map((d) => ({ id: d.id, label: deviceName(d), kind: d.kind })),
    };
  }
  return choices;
}

/**
 * Re-price: the agent's selection for one option priced from today's catalog, its items
 * replaced and its totals (and the quote's, when it is the quote's lead option) updated, in one
 * transaction with `quote_updated`. The carrier and name stay the option's own.
 */
export async function repriceOption(
  ctx: UserContext,
  input: { id: string; optionId: string; selection: OptionSelection },
): Promise<void> {
  const today = quoteDay(ctx);
  const catalog = await loadCatalogSnapshot(ctx, today);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await lockQuote(txCtx, input.id);
    const quote = await getQuote(txCtx, { id: input.id });
    refuseIfUnchangeable(quote);
    const option = quote.options.find((o) => o.id === input.optionId);
    if (!option) throw invalidInput("Choose one of the quote's options");
    if (!quote.needs) throw invalidInput("This quote has no needs to price again.");
    let priced: QuoteOption;
    try {
      priced = priceSelection(
        catalog,
        quote.needs,
        { ...input.selection, carrier: option.carrier, label: option.label },
        { today },
      );
    } catch (error) {
      if (error instanceof SelectionError) throw invalidInput(error.message);
      throw error;
    }
    await tx.delete(quoteItems).where(eq(quoteItems.optionId, option.id));
    await insertOptionItems(tx, { quoteId: quote.id, optionId: option.id }, priced.items);
    await tx
      .update(quoteOptions)
      .set({
        meetsAllNeeds: priced.meetsAllNeeds,
        unmet: priced.unmet,
        monthlyCents: priced.totals.monthlyCents,
        oneTimeCents: priced.totals.oneTimeCents,
        termCents: priced.totals.termCents,
        termMonths: priced.totals.termMonths,
        lines: priced.totals.lines,
      })
      .where(and(eq(quoteOptions.id, option.id), eq(quoteOptions.quoteId, quote.id)));
    const lead = quote.options.find((o) => o.chosen) ?? quote.options.find((o) => o.recommended);
    await recordOptionChange(txCtx, quote, {
      option: { label: option.label, totals: priced.totals },
      leads: lead?.id === option.id,
      kind: "repriced",
    });
  });
}
