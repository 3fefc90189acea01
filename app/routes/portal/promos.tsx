import { useNavigation } from "react-router";
import { CatalogCard, CatalogGrid } from "#app/components/portal/Catalog.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { FilteredEmptyState } from "#app/components/ui/empty-state.tsx";
import {
  ListToolbar,
  type ListToolbarSpec,
  useListToolbar,
} from "#app/components/ui/list-toolbar.tsx";
import { DEVICE_CATEGORY_LABELS } from "#app/lib/domain.ts";
import { CARRIER_OPTIONS, DEVICE_CATEGORY_OPTIONS } from "#app/lib/filter-options.ts";
import { formatIsoDate } from "#app/lib/format.ts";
import { promotionFiltersSchema, readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { listActivePromotions } from "#server/catalog/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/promos";

export const meta: Route.MetaFunction = () => [{ title: "Carrier Promos | Carrierline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = readFilters(promotionFiltersSchema, new URL(request.url).searchParams);
  return { promotions: await listActivePromotions(userCtx(context), filters), filters };
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load promotions" />;
}

const PROMO_TOOLBAR: ListToolbarSpec = {
  filters: [
    { key: "carrier", label: "Carrier", options: CARRIER_OPTIONS },
    { key: "device", label: "Device", options: DEVICE_CATEGORY_OPTIONS },
  ],
  active: { style: "sentence", prefix: "Filtered by:" },
};

export default function Promos({ loaderData }: Route.ComponentProps) {
  const { promotions } = loaderData;
  const toolbar = useListToolbar(PROMO_TOOLBAR, useUrlFilters());
  const navigation = useNavigation();

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageBar title="Current Promotions" />
      <ListToolbar toolbar={toolbar} />

      <div aria-busy={navigation.state === "loading"}>
        {promotions.length === 0 ? (
          <FilteredEmptyState
            title="No promotions found for the selected filters"
            toolbar={toolbar}
          />
        ) : (
          <CatalogGrid>
            {promotions.map((promo) => (
              <CatalogCard
                key={promo.id}
                label={promo.title}
                carrier={promo.carrier}
                aside={
                  <span className="text-xs font-medium text-slate-500 dark:text-slate-400">
                    {DEVICE_CATEGORY_LABELS[promo.deviceType]}
                  </span>
                }
              >
                <h3 className="mt-3 text-lg font-semibold">{promo.title}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {promo.description}
                </p>
                <p className="mt-4 text-2xl font-bold text-brand-600 dark:text-brand-400">
                  {promo.value}
                </p>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  Ends {formatIsoDate(promo.endsOn)}
                </p>
                <h4 className="mt-4 text-sm font-semibold">Requirements</h4>
                <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-600 dark:text-slate-300">
                  {promo.requirements.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </CatalogCard>
            ))}
          </CatalogGrid>
        )}
      </div>
    </main>
  );
}
