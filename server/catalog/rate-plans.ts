import { asc, eq, sql } from "drizzle-orm";
import {
  RATE_PLAN_CSV_HEADERS,
  type RatePlanOption,
  type RatePlanView,
  ratePlanCsvRowSchema,
} from "#app/lib/schemas/rate-plan.ts";
import { ratePlans } from "#server/db/schema/index.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { type ImportResult, toCsv, validateCsv } from "#server/platform/csv.ts";
import { requireCatalogWriter } from "./writers.ts";

export const RATE_PLAN_IMPORT_MAX_ROWS = 2_000;

/** Every plan, ordered by carrier, plan type and price (portal spec). */
export async function listRatePlans(ctx: ServiceContext): Promise<RatePlanView[]> {
  return ctx.db
    .select({
      id: ratePlans.id,
      carrier: ratePlans.carrier,
      plan: ratePlans.plan,
      planType: ratePlans.planType,
      pricePerLineCents: ratePlans.pricePerLineCents,
      premiumData: ratePlans.premiumData,
      hotspot: ratePlans.hotspot,
      videoStreaming: ratePlans.videoStreaming,
    })
    .from(ratePlans)
    .orderBy(asc(ratePlans.carrier), asc(ratePlans.planType), asc(ratePlans.pricePerLineCents));
}

export async function exportRatePlansCsv(ctx: ServiceContext): Promise<string> {
  const plans = await listRatePlans(ctx);
  return toCsv(
    RATE_PLAN_CSV_HEADERS,
    plans.map((p) => [
      p.carrier,
      p.plan,
      p.planType,
      (p.pricePerLineCents / 100).toFixed(2),
      p.premiumData ?? "",
      p.hotspot ?? "",
      p.videoStreaming ?? "",
    ]),
  );
}

/**
 * All or nothing: when every row is valid, each updates the plan with the same carrier and name
 * or adds it, in one transaction. Plans missing from the file are kept (deals may point at them).
 * Platform operators only (forbidden otherwise): the plan list is every company's.
 */
export async function importRatePlansCsv(ctx: UserContext, text: string): Promise<ImportResult> {
  requireCatalogWriter(ctx);
  const checked = validateCsv(text, RATE_PLAN_CSV_HEADERS, ratePlanCsvRowSchema, {
    maxRows: RATE_PLAN_IMPORT_MAX_ROWS,
  });
  if (!checked.ok) return checked;
  const seen = new Set<string>();
  const duplicates: string[] = [];
  checked.rows.forEach((row, i) => {
    const key = `${row.Carrier}\u0000${row.Plan.toLowerCase()}`;
    if (seen.has(key))
      duplicates.push(`Line ${i + 2}: ${row.Plan} (${row.Carrier}) appears more than once`);
    seen.add(key);
  });
  if (duplicates.length > 0) return { ok: false, errors: duplicates };

  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(ratePlans)
      .values(
        checked.rows.map((r) => ({
          carrier: r.Carrier,
          plan: r.Plan,
          planType: r["Plan Type"],
          pricePerLineCents: r["Price Per Line"],
          premiumData: r["Premium Data"],
          hotspot: r.Hotspot,
          videoStreaming: r["Video Streaming"],
        })),
      )
      .onConflictDoUpdate({
        target: [ratePlans.carrier, ratePlans.plan],
        set: {
          planType: sql`excluded.plan_type`,
          pricePerLineCents: sql`excluded.price_per_line_cents`,
          premiumData: sql`excluded.premium_data`,
          hotspot: sql`excluded.hotspot`,
          videoStreaming: sql`excluded.video_streaming`,
          updatedAt: sql`now()`,
        },
      });
  });
  return { ok: true, imported: checked.rows.length };
}

/** One carrier's plans for the deal form's plan select, by plan type then price (portal spec). */
export async function listRatePlansForCarrier(
  ctx: ServiceContext,
  carrier: RatePlanView["carrier"],
): Promise<RatePlanOption[]> {
  return ctx.db
    .select({
      id: ratePlans.id,
      plan: ratePlans.plan,
      planType: ratePlans.planType,
      pricePerLineCents: ratePlans.pricePerLineCents,
    })
    .from(ratePlans)
    .where(eq(ratePlans.carrier, carrier))
    .orderBy(asc(ratePlans.planType), asc(ratePlans.pricePerLineCents), asc(ratePlans.plan));
}
