import { Link, useNavigation } from "react-router";
import { CsvImportPanel } from "#app/components/portal/CsvImportPanel.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import {
  ListToolbar,
  type ListToolbarSpec,
  useListToolbar,
} from "#app/components/ui/list-toolbar.tsx";
import { CARRIER_LABELS } from "#app/lib/domain.ts";
import {
  CARRIER_OPTIONS,
  DEVICE_TECHNOLOGY_OPTIONS,
  DEVICE_TYPE_OPTIONS,
} from "#app/lib/filter-options.ts";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import {
  DEVICE_COLUMN_KEYS,
  DEVICE_COLUMN_LABELS,
  DEVICE_MAX_PAGE,
  DEVICE_PAGE_SIZE,
  type DeviceColumn,
  deviceQuerySchema,
  nextSort,
} from "#app/lib/schemas/device-query.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { importDevicesCsv, searchDevices } from "#server/catalog/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/devices";
import { csvImportAction } from "./csv-import.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Certified Devices - Agent Portal" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const query = readFilters(deviceQuerySchema, new URL(request.url).searchParams);
  return { result: await searchDevices(ctx, query), query, isAdmin: ctx.user.role === "admin" };
}

const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  return csvImportAction(request, userCtx(context), {
    maxBytes: MAX_IMPORT_BYTES,
    run: importDevicesCsv,
  });
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load certified devices" />;
}

const DEVICE_TOOLBAR: ListToolbarSpec = {
  search: {
    label: "Search devices",
    placeholder: "Search by manufacturer, model, technology...",
  },
  filters: [
    {
      key: "carrier",
      label: "Carrier",
      options: CARRIER_OPTIONS,
      chip: (o) => `Carrier: ${o.label}`,
    },
    {
      key: "type",
      label: "Device type",
      options: DEVICE_TYPE_OPTIONS,
      chip: (o) => `Type: ${o.label}`,
    },
    {
      key: "tech",
      label: "Technology",
      options: DEVICE_TECHNOLOGY_OPTIONS,
      chip: (o) => `Tech: ${o.label}`,
    },
  ],
  // A filter or a new search starts again from the first page.
  resets: ["page"],
  active: { style: "chips" },
  // Clear Filters has always put the table's sort back as well.
  clear: { alsoClears: ["sort", "dir"] },
};

export default function Devices({ loaderData, actionData }: Route.ComponentProps) {
  const { result, query, isAdmin } = loaderData;
  const url = useUrlFilters();
  const { params, update } = url;
  const toolbar = useListToolbar(DEVICE_TOOLBAR, url);
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/dashboard/devices";

  const sortBy = (column: DeviceColumn) => {
    const next = nextSort(query, column);
    update(
      {
        sort: next.sort === "manufacturer" ? "" : next.sort,
        dir: next.dir === "asc" ? "" : next.dir,
      },
      DEVICE_TOOLBAR.resets,
    );
  };
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  const exportHref = `/api/devices.csv${exportParams.size > 0 ? `?${exportParams}` : ""}`;

  const first = (result.page - 1) * DEVICE_PAGE_SIZE + 1;
  const last = first + result.rows.length - 1;

  return (
    <main className="mx-auto max-w-[96rem] px-4 py-8 sm:px-6">
      <PageBar
        title="Certified Devices Directory"
        actions={
          <>
            <a
              href="/docs/certified-devices"
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("secondary")}
            >
              Documentation
            </a>
            <a href={exportHref} className={buttonClass("primary")} download>
              Export CSV
            </a>
          </>
        }
      >
        <p className="max-w-3xl rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          Only sell devices certified for the carrier you are quoting: an uncertified device may not
          activate, or may lose features such as Wi-Fi calling or 5G. Search by maker, model or
          technology, narrow by carrier, type and technology, and export the list for a customer.
        </p>
      </PageBar>

      {isAdmin ? (
        <CsvImportPanel
          summary="Import devices (admin)"
          noun="devices"
          exportHref={exportHref}
          result={actionData}
        >
          The CSV uses the nine column headings of the table (Carrier as att, verizon or tmobile).
          Rows are added to the directory. Nothing is imported unless every row is valid.
        </CsvImportPanel>
      ) : null}

      <ListToolbar toolbar={toolbar} />

      <div
        className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
        aria-busy={loading}
      >
        {loading ? (
          <p
            role="status"
            className="absolute inset-x-0 top-14 z-10 text-center text-sm font-medium text-slate-600 dark:text-slate-300"
          >
            Loading certified devices...
          </p>
        ) : null}
        <table className={`w-full min-w-[1100px] text-left text-sm ${loading ? "opacity-40" : ""}`}>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
            <tr>
              {DEVICE_COLUMN_KEYS.map((column) => {
                const active = query.sort === column;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"}
                    className="px-3 py-2"
                  >
                    <button
                      type="button"
                      onClick={() => sortBy(column)}
                      className="inline-flex items-center gap-1 font-semibold uppercase hover:text-slate-900 dark:hover:text-white"
                    >
                      {DEVICE_COLUMN_LABELS[column]}
                      <span aria-hidden="true" className={active ? "" : "opacity-0"}>
                        {query.dir === "asc" || !active ? "▲" : "▼"}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {result.rows.map((row) => (
              <tr key={row.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                {DEVICE_COLUMN_KEYS.map((column) => (
                  <td key={column} className="px-3 py-2 align-top">
                    {column === "carrier" ? CARRIER_LABELS[row.carrier] : row[column] || "-"}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {result.rows.length === 0 ? (
          <div className="px-6 py-16 text-center">
            <p className="font-semibold">No devices found</p>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
              Try adjusting your search or filters
            </p>
          </div>
        ) : null}
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
        <p data-testid="device-count">
          Showing {result.total.toLocaleString("en-US")}
          {result.capped ? "+" : ""} {result.total === 1 && !result.capped ? "device" : "devices"}
          {query.q ? ` matching "${query.q}"` : ""}
          {(result.capped || result.total > result.rows.length) && result.rows.length > 0
            ? ` (${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} on this page)`
            : ""}
        </p>
        {result.pageCount === null || result.pageCount > 1 ? (
          <nav aria-label="Pages" className="flex items-center gap-2">
            <PageLink
              page={result.page - 1}
              disabled={result.page <= 1}
              params={params}
              label="Previous"
            />
            <span>
              Page {result.page}
              {result.pageCount === null ? "" : ` of ${result.pageCount.toLocaleString("en-US")}`}
            </span>
            <PageLink
              page={result.page + 1}
              disabled={
                result.pageCount === null
                  ? result.rows.length < DEVICE_PAGE_SIZE || result.page >= DEVICE_MAX_PAGE
                  : result.page >= result.pageCount
              }
              params={params}
              label="Next"
            />
          </nav>
        ) : null}
      </div>
    </main>
  );
}

/** Real links, so paging works before JavaScript loads and pages can be opened in a new tab. */
function PageLink(props: {
  page: number;
  disabled: boolean;
  params: URLSearchParams;
  label: string;
}) {
  if (props.disabled) {
    return (
      <span className="rounded-lg border border-slate-200 px-3 py-1.5 text-slate-400 dark:border-slate-800">
        {props.label}
      </span>
    );
  }
  const next = new URLSearchParams(props.params);
  if (props.page <= 1) next.delete("page");
  else next.set("page", String(props.page));
  return (
    <Link
      to={`?${next}`}
      preventScrollReset
      className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      {props.label}
    </Link>
  );
}
