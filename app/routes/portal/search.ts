import { z } from "zod";
import type { PaletteGroup } from "#app/lib/command-palette.ts";
import { DEAL_STATUS_LABELS } from "#app/lib/domain.ts";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { searchText } from "#app/lib/schemas/fields.ts";
import { findCustomers } from "#server/customers/index.ts";
import { findDeals } from "#server/deals/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/search";

/** Results per kind; the palette is for jumping, the lists are for browsing. */
const PER_GROUP = 5;

const querySchema = z.object({ q: searchText() });

/** The command palette's records: customers and deals the agent may see, matching the text. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const { q } = readFilters(querySchema, new URL(request.url).searchParams);
  if (q.length < 2) return { q, groups: [] };
  const [customerRows, dealRows] = await Promise.all([
    findCustomers(ctx, { q, limit: PER_GROUP }),
    findDeals(ctx, { q, limit: PER_GROUP }),
  ]);
  const groups: PaletteGroup[] = [
    {
      heading: "Customers",
      items: customerRows.map((c) => ({
        id: `customer:${c.id}`,
        label: c.companyName,
        detail: c.name,
        to: `/dashboard/customers/${c.id}`,
        icon: "customers",
      })),
    },
    {
      heading: "Deals",
      items: dealRows.map((d) => ({
        id: `deal:${d.id}`,
        label: d.title,
        detail: `${d.customerCompany} · ${DEAL_STATUS_LABELS[d.status]}`,
        to: `/dashboard/deals/${d.id}`,
        icon: "deals",
      })),
    },
  ];
  return { q, groups: groups.filter((group) => group.items.length > 0) };
}
