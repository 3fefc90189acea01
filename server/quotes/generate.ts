import { and, asc, gte, isNotNull } from "drizzle-orm";
import {
  type GeneratedQuote,
  type GenerateQuoteRequest,
  type QuoteCustomerInfo,
  type QuoteNeeds,
  quoteNeedsSchema,
} from "#app/lib/schemas/quote.ts";
import {
  carrierFees,
  deviceOffers,
  promotions,
  ratePlans,
  ratePlanTiers,
} from "#server/db/schema/index.ts";
import { sideBySide } from "#server/db/side-by-side.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import type { CatalogSnapshot, CatalogTier } from "./engine/catalog.ts";
import { billPlanChargesCents, needsFromBill } from "./engine/from-bill.ts";
import { priceQuote } from "./engine/price.ts";
import { readNeeds } from "./engine/read-needs.ts";

/**
 * Reads a description into needs. The built-in reader is pure patterns; a model-backed one (the
 * AI port, later) returns the same shape, which generateQuote checks with `quoteNeedsSchema`.
 */
export interface NeedsReader {
  readonly name: string;
  read(description: string): Promise<QuoteNeeds>;
}

export const builtInNeedsReader: NeedsReader = {
  name: "built-in",
  read: async (description) => readNeeds(description),
};

/** Today as the pricer reads it: the clock's UTC date. */
export function quoteDay(ctx: ServiceContext): string {
  return ctx.ports.clock.now().toISOString().slice(0, 10);
}

/**
 * Everything the pricer reads, in five small queries (the catalog is tens of rows, not the
 * device directory): plans, their tiers, device offers, promotions running on `today`, fees.
 */
export async function loadCatalogSnapshot(
  ctx: Pick<ServiceContext, "db">,
  today: string,
): Promise<CatalogSnapshot> {
  const [plans, tiers, offers, promos, fees] = await sideBySide(ctx.db, [
    ctx.db
      .select({
        id: ratePlans.id,
        carrier: ratePlans.carrier,
        plan: ratePlans.plan,
        planType: ratePlans.planType,
        pricePerLineCents: ratePlans.pricePerLineCents,
        premiumData: ratePlans.premiumData,
        hotspot: ratePlans.hotspot,
        videoStreaming: ratePlans.videoStreaming,
        international: ratePlans.international,
        fiveG: ratePlans.fiveG,
      })
      .from(ratePlans)
      .orderBy(asc(ratePlans.carrier), asc(ratePlans.plan)),
    ctx.db
      .select({
        id: ratePlanTiers.id,
        ratePlanId: ratePlanTiers.ratePlanId,
        minLines: ratePlanTiers.minLines,
        pricePerLineCents: ratePlanTiers.pricePerLineCents,
      })
      .from(ratePlanTiers)
      .orderBy(asc(ratePlanTiers.ratePlanId), asc(ratePlanTiers.minLines)),
    ctx.db
      .select({
        id: deviceOffers.id,
        carrier: deviceOffers.carrier,
        manufacturer: deviceOffers.manufacturer,
        model: deviceOffers.model,
        kind: deviceOffers.kind,
        certifiedDeviceId: deviceOffers.certifiedDeviceId,
        monthlyInstallmentCents: deviceOffers.monthlyInstallmentCents,
        installmentMonths: deviceOffers.installmentMonths,
        fullRetailCents: deviceOffers.fullRetailCents,
      })
      .from(deviceOffers)
      .orderBy(asc(deviceOffers.carrier), asc(deviceOffers.model)),
    ctx.db
      .select({
        id: promotions.id,
        carrier: promotions.carrier,
        deviceType: promotions.deviceType,
        title: promotions.title,
        endsOn: promotions.endsOn,
        creditCentsPerLine: promotions.creditCentsPerLine,
        creditMonths: promotions.creditMonths,
        qualifyingPlans: promotions.qualifyingPlans,
        qualifyingDevices: promotions.qualifyingDevices,
        minLines: promotions.minLines,
        requiresTradeIn: promotions.requiresTradeIn,
        requiresLineKind: promotions.requiresLineKind,
      })
      .from(promotions)
      .where(and(gte(promotions.endsOn, today), isNotNull(promotions.creditCentsPerLine)))
      .orderBy(asc(promotions.endsOn), asc(promotions.title)),
    ctx.db
      .select({
        id: carrierFees.id,
        carrier: carrierFees.carrier,
        code: carrierFees.code,
        name: carrierFees.name,
        amountCents: carrierFees.amountCents,
        basis: carrierFees.basis,
        lineKind: carrierFees.lineKind,
      })
      .from(carrierFees)
      .orderBy(asc(carrierFees.carrier), asc(carrierFees.code)),
  ]);
  const tiersOf = new Map<string, CatalogTier[]>();
  for (const { ratePlanId, ...tier } of tiers) {
    const list = tiersOf.get(ratePlanId) ?? [];
    list.push(tier);
    tiersOf.set(ratePlanId, list);
  }
  return {
    plans: plans.map((p) => ({ ...p, tiers: tiersOf.get(p.id) ?? [] })),
    deviceOffers: offers,
    promotions: promos,
    fees,
  };
}

export type GenerateQuoteOptions = {
  /** Reads descriptions; the built-in reader when not given. */
  reader?: NeedsReader;
};

/** A generated quote, with the customer it was asked for (none when it came from a bill). */
export type QuoteDraft = GeneratedQuote & { customerInfo: QuoteCustomerInfo | null };

async function needsOf(
  ctx: ServiceContext,
  description: string,
  reader: NeedsReader,
): Promise<QuoteNeeds> {
  if (reader === builtInNeedsReader) return readNeeds(description);
  try {
    const parsed = quoteNeedsSchema.safeParse(await reader.read(description));
    if (parsed.success) return parsed.data;
    ctx.ports.logger.warn(
      { reader: reader.name, issues: parsed.error.issues.length },
      "quote reader answered needs that do not fit the schema",
    );
  } catch (error) {
    ctx.ports.logger.warn({ err: error, reader: reader.name }, "quote reader failed");
  }
  const needs = readNeeds(description);
  return {
    ...needs,
    assumptions: [
      "read by the built-in reader (the configured reader gave no usable answer)",
      ...needs.assumptions,
    ],
  };
}

/**
 * POST /api/generate-quote's service (issue 15): a validated request (parseGenerateQuoteRequest)
 * to a priced quote. A description is read into needs by the reader; a bill analysis quotes the
 * bill's lines and shows the saving. Only reads the shared catalog, so any signed-in agent may.
 */
export async function generateQuote(
  ctx: ServiceContext,
  input: GenerateQuoteRequest,
  options: GenerateQuoteOptions = {},
): Promise<QuoteDraft> {
  const today = quoteDay(ctx);
  const catalog = await loadCatalogSnapshot(ctx, today);
  if ("currentBill" in input) {
    const quote = priceQuote(catalog, needsFromBill(input.currentBill), {
      today,
      source: "bill",
      currentMonthlyCents: billPlanChargesCents(input.currentBill),
    });
    return { ...quote, customerInfo: null };
  }
  const needs = await needsOf(ctx, input.description, options.reader ?? builtInNeedsReader);
  const quote = priceQuote(catalog, needs, { today, source: "description" });
  return { ...quote, customerInfo: input.customerInfo };
}
