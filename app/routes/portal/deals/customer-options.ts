import { z } from "zod";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { text } from "#app/lib/schemas/text.ts";
import { findCustomersByCompany } from "#server/customers/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/customer-options";

const querySchema = z.object({ q: text().trim().max(200).catch("") });

/** New Deal's type-ahead: the company's customers whose company name holds what was typed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const { q } = readFilters(querySchema, new URL(request.url).searchParams);
  return { customers: await findCustomersByCompany(ctx, { q }) };
}
