import { useEffect, useState } from "react";
import { data, Link, useNavigation, useNavigationType } from "react-router";
import { CsvImportPanel } from "#app/components/portal/CsvImportPanel.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { SearchInput } from "#app/components/ui/search-input.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { CARRIER_LABELS, DEVICE_TYPES } from "#app/lib/domain.ts";
import { CARRIER_OPTIONS } from "#app/lib/filter-options.ts";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import {
  DEVICE_COLUMN_KEYS,
  DEVICE_COLUMN_LABELS,
  DEVICE_MAX_PAGE,
  DEVICE_PAGE_SIZE,
  DEVICE_TECHNOLOGIES,
  DEVICE_TECHNOLOGY_LABELS,
  type DeviceColumn,
  deviceQuerySchema,
  nextSort,
} from "#app/lib/schemas/device-query.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { importDevicesCsv, searchDevices } from "#server/catalog/devices.ts";
import { readCsvUpload } from "#server/platform/csv-upload.ts";
import { portalOf, runtimeOf } from "#server/web/context.ts";
import type { Route } from "./+types/devices";

export const meta: Route.MetaFunction = () => [{ title: "Certified Devices - Agent Portal" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = portalOf(context).ctx.user;
  const query = readFilters(deviceQuerySchema, new URL(request.url).searchParams);
  const { database } = await runtimeOf(context);
  return { result: await searchDevices(database.db, query), query, isAdmin: user.role === "admin" };
}

const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  const user = portalOf(context).ctx.user;
  if (user.role !== "admin") {
    return data(
      { ok: false as const, errors: ["Only administrators can import devices."] },
      { status: 403 },
    );
  }
  const upload = await readCsvUpload(await request.formData(), MAX_IMPORT_BYTES);
  if (!upload.ok) return data(upload, { status: 400 });
  const { database } = await runtimeOf(context);
  const result = await importDevicesCsv(database.db, upload.text);
  return data(result, { status: result.ok ? 200 : 400 });
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load certified devices" />;
}

const SEARCH_DEBOUNCE_MS = 300;
/** Keys that, when they change, send the list back to its first page. */
const RESETS_PAGE = ["page"] as const;

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove filter ${label}`}
        className="rounded-full p-0.5 hover:bg-brand-100 dark:hover:bg-brand-700/40"
      >
        <Icon name="close" className="size-3.5" />
      </button>
    </li>
  );
}

export default function Devices({ loaderData, actionData }: Route.ComponentProps) {
  const { result, query, isAdmin } = loaderData;
  const { params, update, clear } = useUrlFilters();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/dashboard/devices";

  // The search answers as the agent types, 300 ms after the last key (portal spec).
  const [text, setText] = useState(query.q);
  // Only back and forward may change the box; a search of its own still loading must not reset
  // what the agent has typed since.
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL's search only
  useEffect(() => {
    if (navigationType === "POP") setText(query.q);
  }, [query.q]);
  useEffect(() => {
    if (text.trim() === query.q) return;
    const timer = window.setTimeout(
      () => update({ q: text.trim() }, RESETS_PAGE),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  });

  const sortBy = (column: DeviceColumn) => {
    const next = nextSort(query, column);
    update(
      {
        sort: next.sort === "manufacturer" ? "" : next.sort,
        dir: next.dir === "asc" ? "" : next.dir,
      },
      RESETS_PAGE,
    );
  };
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  const exportHref = `/api/devices.csv${exportParams.size > 0 ? `?${exportParams}` : ""}`;

  const chips = [
    query.carrier !== "all"
      ? { label: `Carrier: ${CARRIER_LABELS[query.carrier]}`, key: "carrier" }
      : null,
    query.type !== "all" ? { label: `Type: ${query.type}`, key: "type" } : null,
    query.tech !== "all"
      ? { label: `Tech: ${DEVICE_TECHNOLOGY_LABELS[query.tech]}`, key: "tech" }
      : null,
  ].filter((c): c is { label: string; key: string } => c !== null);
  const filtered = chips.length > 0 || query.q !== "";
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

      <div className="mb-3 grid gap-3 md:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1fr_auto] xl:items-end">
        <SearchInput
          label="Search devices"
          placeholder="Search by manufacturer, model, technology..."
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Select
          label="Carrier"
          value={query.carrier}
          onChange={(e) => update({ carrier: e.target.value }, RESETS_PAGE)}
          options={CARRIER_OPTIONS}
        />
        <Select
          label="Device type"
          value={query.type}
          onChange={(e) => update({ type: e.target.value }, RESETS_PAGE)}
          options={[
            { value: "all", label: "All Types" },
            ...DEVICE_TYPES.map((t) => ({ value: t, label: t })),
          ]}
        />
        <Select
          label="Technology"
          value={query.tech}
          onChange={(e) => update({ tech: e.target.value }, RESETS_PAGE)}
          options={[
            { value: "all", label: "All Technologies" },
            ...DEVICE_TECHNOLOGIES.map((t) => ({ value: t, label: DEVICE_TECHNOLOGY_LABELS[t] })),
          ]}
        />
        <Button
          variant="secondary"
          onClick={() => {
            setText("");
            clear();
          }}
          disabled={!filtered}
        >
          Clear Filters
        </Button>
      </div>
      {chips.length > 0 ? (
        <ul aria-label="Active filters" className="mb-3 flex flex-wrap gap-2">
          {chips.map((chip) => (
            <Chip
              key={chip.key}
              label={chip.label}
              onRemove={() => update({ [chip.key]: "" }, RESETS_PAGE)}
            />
          ))}
        </ul>
      ) : null}

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
