import { useNavigation } from "react-router";
import { CsvImportPanel } from "#app/components/portal/CsvImportPanel.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import { EmptyState, FilteredEmptyState } from "#app/components/ui/empty-state.tsx";
import {
  ListToolbar,
  type ListToolbarSpec,
  useListToolbar,
} from "#app/components/ui/list-toolbar.tsx";
import { PageLink } from "#app/components/ui/page-link.tsx";
import { CARRIER_LABELS } from "#app/lib/domain.ts";
import {
  CARRIER_OPTIONS,
  DEVICE_TECHNOLOGY_OPTIONS,
  DEVICE_TYPE_OPTIONS,
} from "#app/lib/filter-options.ts";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import {
  DEVICE_COLUMN_LABELS,
  DEVICE_DEFAULT_SORT,
  DEVICE_MAX_PAGE,
  DEVICE_PAGE_SIZE,
  type DeviceColumn,
  deviceQuerySchema,
} from "#app/lib/schemas/device-query.ts";
import { nextSort, sortParams } from "#app/lib/schemas/sort.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { canWriteCatalog, importDevicesCsv, searchDevices } from "#server/catalog/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/devices";
import { csvImportAction } from "./csv-import.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Certified Devices - Agent Portal" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const query = readFilters(deviceQuerySchema, new URL(request.url).searchParams);
  return { result: await searchDevices(ctx, query), query, canImport: canWriteCatalog(ctx) };
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

type DeviceRow = Route.ComponentProps["loaderData"]["result"]["rows"][number];

/** One text column of the directory; an empty value reads "-" (spec). */
function deviceColumn(
  key: Exclude<DeviceColumn, "carrier">,
  options: Pick<DataColumn<DeviceRow, DeviceColumn>, "priority" | "primary" | "className"> = {},
): DataColumn<DeviceRow, DeviceColumn> {
  return {
    key,
    header: DEVICE_COLUMN_LABELS[key],
    cell: (row) => row[key] || "-",
    sortable: true,
    ...options,
  };
}

/**
 * The nine columns, in the spec's order. At 1280 px all of them fit; narrower, the radio details
 * fold under the model first, then the subtype and the operating system. Band lists wrap at their
 * commas, so each stays readable whole.
 */
const DEVICE_COLUMNS: readonly DataColumn<DeviceRow, DeviceColumn>[] = [
  {
    key: "carrier",
    header: DEVICE_COLUMN_LABELS.carrier,
    cell: (row) => CARRIER_LABELS[row.carrier],
    sortable: true,
    className: "whitespace-nowrap",
  },
  deviceColumn("manufacturer"),
  deviceColumn("model", { primary: true }),
  deviceColumn("deviceType"),
  deviceColumn("deviceSub", { priority: 3 }),
  deviceColumn("os", { priority: 3 }),
  deviceColumn("network", { priority: 2 }),
  deviceColumn("bands", { priority: 2 }),
  deviceColumn("fiveGBands", { priority: 2 }),
];

export default function Devices({ loaderData, actionData }: Route.ComponentProps) {
  const { result, query, canImport } = loaderData;
  const url = useUrlFilters();
  const { params, update } = url;
  const toolbar = useListToolbar(DEVICE_TOOLBAR, url);
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/dashboard/devices";

  const sortBy = (column: DeviceColumn) =>
    update(
      sortParams(nextSort({ column: query.sort, dir: query.dir }, column), DEVICE_DEFAULT_SORT),
      DEVICE_TOOLBAR.resets,
    );
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

      {canImport ? (
        <CsvImportPanel
          summary="Import devices (platform operator)"
          noun="devices"
          exportHref={exportHref}
          result={actionData}
        >
          The CSV uses the nine column headings of the table (Carrier as att, verizon or tmobile).
          Rows are added to the directory every company searches. Nothing is imported unless every
          row is valid.
        </CsvImportPanel>
      ) : null}

      <ListToolbar toolbar={toolbar} />

      <DataTable
        label="Certified devices"
        columns={DEVICE_COLUMNS}
        rows={result.rows}
        rowKey={(row) => row.id}
        sort={{ state: { column: query.sort, dir: query.dir }, onSort: sortBy }}
        loading={loading}
        empty={
          result.total > 0 ? (
            // Past the count cap the last page is unknown, and a page past it finds no rows
            // although the search matches (below the cap the service answers the last page).
            <EmptyState
              title="No devices on this page"
              description="This search has fewer pages."
              action={<PageLink page={1} disabled={false} params={params} label="First page" />}
            />
          ) : (
            <FilteredEmptyState
              title="No devices found"
              description="Try adjusting your search or filters"
              toolbar={toolbar}
            />
          )
        }
      />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
        {loading ? (
          <p role="status" className="font-medium">
            Loading certified devices...
          </p>
        ) : null}
        <p data-testid="device-count" hidden={loading} className="min-w-0 break-words">
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
