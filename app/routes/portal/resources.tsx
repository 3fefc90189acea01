import { CatalogCard, CatalogGrid } from "#app/components/portal/Catalog.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { FilteredEmptyState } from "#app/components/ui/empty-state.tsx";
import {
  ListToolbar,
  type ListToolbarSpec,
  useListToolbar,
} from "#app/components/ui/list-toolbar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { RESOURCE_TYPE_LABELS } from "#app/lib/domain.ts";
import {
  CARRIER_OPTIONS,
  DEVICE_CATEGORY_OPTIONS,
  RESOURCE_SORT_OPTIONS,
  RESOURCE_TYPE_OPTIONS,
} from "#app/lib/filter-options.ts";
import { formatDate } from "#app/lib/format.ts";
import { readFilters, resourceFiltersSchema } from "#app/lib/schemas/catalog-filters.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { listResources } from "#server/catalog/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/resources";

export const meta: Route.MetaFunction = () => [{ title: "Sales Resources | Carrierline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = readFilters(resourceFiltersSchema, new URL(request.url).searchParams);
  return { resources: await listResources(userCtx(context), filters), filters };
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load sales resources" />;
}

const RESOURCE_TOOLBAR: ListToolbarSpec = {
  search: { label: "Search resources", placeholder: "Search resources..." },
  filters: [
    { key: "device", label: "Device", options: DEVICE_CATEGORY_OPTIONS },
    { key: "type", label: "Type", options: RESOURCE_TYPE_OPTIONS },
    { key: "carrier", label: "Carrier", options: CARRIER_OPTIONS },
  ],
  sort: { key: "sort", label: "Sort", options: RESOURCE_SORT_OPTIONS },
};

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { resources } = loaderData;
  const toolbar = useListToolbar(RESOURCE_TOOLBAR, useUrlFilters());

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageBar title="Sales Resource Hub" />
      <ListToolbar toolbar={toolbar} />

      {resources.length === 0 ? (
        <FilteredEmptyState title="No resources found matching your criteria" toolbar={toolbar} />
      ) : (
        <CatalogGrid>
          {resources.map((r) => (
            <CatalogCard
              key={r.id}
              label={r.title}
              carrier={r.carrier}
              aside={
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {r.downloads.toLocaleString("en-US")} downloads
                </span>
              }
            >
              <h3 className="mt-3 text-lg font-semibold">{r.title}</h3>
              <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-400">
                {r.description}
              </p>
              <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
                {r.tags.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                  >
                    {tag}
                  </li>
                ))}
              </ul>
              <div className="mt-4 flex items-center justify-between">
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {RESOURCE_TYPE_LABELS[r.type]} ·{" "}
                  <span className="whitespace-nowrap">
                    Added <LocalTime date={r.addedAt} format={formatDate} />
                  </span>
                </span>
                <a
                  href={`/api/resources/${r.id}/file`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass("primary", "px-3 py-1.5")}
                  // Starts with the visible "PDF", so speech control users can say what they see.
                  aria-label={`${r.fileType}: ${r.title} (opens in a new tab)`}
                >
                  {r.fileType}
                </a>
              </div>
            </CatalogCard>
          ))}
        </CatalogGrid>
      )}
    </main>
  );
}
