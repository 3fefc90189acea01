import { z } from "zod";
import { DEAL_CARRIER_TO_CARRIER, DEAL_CARRIERS } from "#app/lib/domain.ts";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { listRatePlansForCarrier } from "#server/catalog/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/rate-plans";

const querySchema = z.object({ carrier: z.enum(DEAL_CARRIERS).catch("ATT") });

/** The deal form's plan select, reloaded when the carrier changes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const { carrier } = readFilters(querySchema, new URL(request.url).searchParams);
  return { carrier, plans: await listRatePlansForCarrier(ctx, DEAL_CARRIER_TO_CARRIER[carrier]) };
}
