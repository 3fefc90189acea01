import { and, asc, eq, gte, type SQL } from "drizzle-orm";
import type { PromotionFilters } from "#app/lib/schemas/catalog-filters.ts";
import { promotions } from "#server/db/schema/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";

export type PromotionView = {
  id: string;
  carrier: (typeof promotions.$inferSelect)["carrier"];
  deviceType: (typeof promotions.$inferSelect)["deviceType"];
  title: string;
  description: string;
  value: string;
  endsOn: string;
  requirements: string[];
};

/**
 * Promotions still running today (the clock's UTC date), soonest to end first; expired ones are
 * hidden.
 */
export async function listActivePromotions(
  ctx: ServiceContext,
  filters: PromotionFilters,
): Promise<PromotionView[]> {
  const today = ctx.ports.clock.now().toISOString().slice(0, 10);
  const where: SQL[] = [gte(promotions.endsOn, today)];
  if (filters.carrier !== "all") where.push(eq(promotions.carrier, filters.carrier));
  if (filters.device !== "all") where.push(eq(promotions.deviceType, filters.device));
  return ctx.db
    .select({
      id: promotions.id,
      carrier: promotions.carrier,
      deviceType: promotions.deviceType,
      title: promotions.title,
      description: promotions.description,
      value: promotions.value,
      endsOn: promotions.endsOn,
      requirements: promotions.requirements,
    })
    .from(promotions)
    .where(and(...where))
    .orderBy(asc(promotions.endsOn), asc(promotions.title));
}
