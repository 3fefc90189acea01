import { useEffect, useMemo, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useNavigationType } from "react-router";
import { CatalogCard, CatalogGrid } from "#app/components/portal/Catalog.tsx";
import { CsvImportPanel } from "#app/components/portal/CsvImportPanel.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { FilteredEmptyState } from "#app/components/ui/empty-state.tsx";
import { ListToolbar, useListToolbar } from "#app/components/ui/list-toolbar.tsx";
import { holds } from "#app/lib/access.ts";
import { CARRIER_LABELS } from "#app/lib/domain.ts";
import { CARRIER_OPTIONS, PLAN_SORT_OPTIONS, planTypeOptions } from "#app/lib/filter-options.ts";
import { formatCents } from "#app/lib/format.ts";
import {
  comparedPlans,
  filterPlans,
  MAX_COMPARED_PLANS,
  planTypes,
  readPlanView,
} from "#app/lib/rate-plan-filter.ts";
import { searchChangedOnly } from "#app/lib/revalidation.ts";
import type { RatePlanView } from "#app/lib/schemas/rate-plan.ts";
import { searchTextOf } from "#app/lib/search-text.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { canWriteCatalog, importRatePlansCsv, listRatePlans } from "#server/catalog/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/plans";
import { csvImportAction } from "./csv-import.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Plan Comparison | Carrierline" }];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  // Operators change the shared list; a company's admin may still export it.
  const canImport = canWriteCatalog(ctx);
  return {
    plans: await listRatePlans(ctx),
    canImport,
    canExport: canImport || holds(ctx.user, "admin"),
  };
}

const MAX_IMPORT_BYTES = 1024 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  return csvImportAction(request, userCtx(context), {
    maxBytes: MAX_IMPORT_BYTES,
    run: importRatePlansCsv,
  });
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load rate plans" />;
}

/** The view (filters, sort, comparison) is applied in the browser: the URL alone needs no reload. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return searchChangedOnly(args) ? false : args.defaultShouldRevalidate;
}

function Feature({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex justify-between gap-3 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );
}

function PlanCard(props: {
  plan: RatePlanView;
  selected: boolean;
  canSelect: boolean;
  onToggle: () => void;
}) {
  const { plan } = props;
  return (
    <CatalogCard
      label={`${CARRIER_LABELS[plan.carrier]} ${plan.plan}`}
      carrier={plan.carrier}
      highlighted={props.selected}
      aside={
        <p className="text-right">
          <span className="text-2xl font-bold">{formatCents(plan.pricePerLineCents)}</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">per line / month</span>
        </p>
      }
    >
      <h3 className="mt-3 text-lg font-semibold">{plan.plan}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{plan.planType}</p>
      <dl className="mt-4 flex-1 space-y-1.5">
        <Feature label="Premium data" value={plan.premiumData} />
        <Feature label="Hotspot" value={plan.hotspot} />
        <Feature label="Video streaming" value={plan.videoStreaming} />
      </dl>
      <label
        className={`mt-4 flex items-center gap-2 text-sm ${props.canSelect || props.selected ? "" : "text-slate-400"}`}
      >
        <input
          type="checkbox"
          checked={props.selected}
          disabled={!props.canSelect && !props.selected}
          onChange={props.onToggle}
          className="size-4 accent-brand-600"
        />
        Compare
      </label>
    </CatalogCard>
  );
}

function Comparison({
  plans,
  onRemove,
}: {
  plans: RatePlanView[];
  onRemove: (id: string) => void;
}) {
  const rows: [string, (p: RatePlanView) => string][] = [
    ["Carrier", (p) => CARRIER_LABELS[p.carrier]],
    ["Plan type", (p) => p.planType],
    ["Price per line", (p) => formatCents(p.pricePerLineCents)],
    ["Premium data", (p) => p.premiumData ?? "-"],
    ["Hotspot", (p) => p.hotspot ?? "-"],
    ["Video streaming", (p) => p.videoStreaming ?? "-"],
  ];
  return (
    <section
      id="plan-comparison"
      tabIndex={-1}
      aria-label="Plan comparison"
      className="mb-8 scroll-mt-20 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <table className="w-full min-w-[560px] text-left text-sm">
        <caption className="px-5 pt-4 text-left text-lg font-semibold">Side by side</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <td className="px-5 py-3" />
            {plans.map((p) => (
              <th key={p.id} scope="col" className="px-5 py-3 align-bottom font-semibold">
                {p.plan}
                <button
                  type="button"
                  onClick={() => onRemove(p.id)}
                  className="ml-2 text-xs font-normal text-brand-600 hover:underline dark:text-brand-400"
                  aria-label={`Remove ${p.plan} from the comparison`}
                >
                  Remove
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th
                scope="row"
                className="px-5 py-2.5 font-medium text-slate-500 dark:text-slate-400"
              >
                {label}
              </th>
              {plans.map((p) => (
                <td key={p.id} className="px-5 py-2.5">
                  {value(p)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Ticking Compare on a card far down the list changes nothing in view: the comparison is at the
 * top of the page. This bar stays at the foot of the window while plans are chosen and takes the
 * agent up to them.
 */
function ComparisonBar({ chosen }: { chosen: number }) {
  return (
    <div className="pointer-events-none sticky bottom-4 z-10 mt-6 flex justify-center">
      <div className="pointer-events-auto flex items-center gap-3 rounded-full border border-slate-200 bg-white py-1.5 pr-1.5 pl-4 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <span role="status">
          {chosen} of {MAX_COMPARED_PLANS} plans chosen
        </span>
        <button
          type="button"
          className={buttonClass("primary", "rounded-full py-1.5")}
          onClick={() => {
            const target = document.getElementById("plan-comparison");
            target?.scrollIntoView({ behavior: "smooth", block: "start" });
            target?.focus({ preventScroll: true });
          }}
        >
          See side by side
        </button>
      </div>
    </div>
  );
}

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, canImport, canExport } = loaderData;
  const types = useMemo(() => planTypes(plans), [plans]);
  const url = useUrlFilters();
  const { params, update } = url;
  const toolbar = useListToolbar(
    {
      search: { label: "Search plans", placeholder: "Search plans..." },
      filters: [
        { key: "carrier", label: "Carrier", options: CARRIER_OPTIONS },
        { key: "type", label: "Plan type", options: planTypeOptions(types) },
      ],
      sort: {
        key: "sort",
        label: "Sort",
        options: PLAN_SORT_OPTIONS,
        direction: { key: "dir", default: "asc" },
      },
    },
    url,
  );
  const fromUrl = readPlanView(params);
  // Typing and ticking answer at once, from the toolbar's text and local state; the URL follows
  // (the search debounced), so a view can still be shared or reloaded.
  const [compare, setCompare] = useState(fromUrl.compare);
  const urlKey = params.toString();
  // Back and forward (POP) bring another view; the page's own updates (REPLACE) must not be read
  // back, or a change still on its way would undo the one just made.
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read only when the URL itself changes
  useEffect(() => {
    if (navigationType === "POP") setCompare(fromUrl.compare);
  }, [urlKey]);

  const shown = filterPlans(plans, { ...fromUrl, q: searchTextOf(toolbar.text) });
  // Only plans still in the list count: a shared link may name plans since removed, and those
  // would otherwise fill the comparison with nothing to show and lock every Compare box.
  const compared = comparedPlans(plans, compare);
  const comparedIds = compared.map((p) => p.id);

  const toggleCompare = (id: string) => {
    const ids = comparedIds.includes(id)
      ? comparedIds.filter((x) => x !== id)
      : [...comparedIds, id];
    setCompare(ids);
    update({ compare: ids.join(",") });
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageBar title="Plan Comparison">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Prices are per line per month, before taxes, fees and autopay discounts. Carriers change
          them often: confirm a price in the carrier's order system before a customer signs.
        </p>
      </PageBar>
      {canExport ? (
        <CsvImportPanel
          summary={
            canImport
              ? "Import or export the plan list (platform operator)"
              : "Export the plan list (admin)"
          }
          noun="plans"
          exportHref="/api/rate-plans.csv"
          result={actionData}
          canImport={canImport}
        >
          The CSV uses the columns Carrier (att, verizon or tmobile), Plan, Plan Type, Price Per
          Line, Premium Data, Hotspot and Video Streaming.
          {canImport
            ? " Each row updates the plan with the same carrier and name, or adds it, for every company. Nothing is imported unless every row is valid."
            : " The plan list is shared by every company; platform operators keep it up to date."}
        </CsvImportPanel>
      ) : null}

      <ListToolbar toolbar={toolbar} />

      {compared.length > 0 ? (
        <Comparison plans={compared} onRemove={(id) => toggleCompare(id)} />
      ) : (
        <p className="mb-6 text-sm text-slate-500 dark:text-slate-400">
          Tick Compare on up to {MAX_COMPARED_PLANS} plans to see them side by side.
        </p>
      )}

      {shown.length === 0 ? (
        <FilteredEmptyState title="No plans found matching your criteria" toolbar={toolbar} />
      ) : (
        <CatalogGrid wide>
          {shown.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              selected={comparedIds.includes(plan.id)}
              canSelect={comparedIds.length < MAX_COMPARED_PLANS}
              onToggle={() => toggleCompare(plan.id)}
            />
          ))}
        </CatalogGrid>
      )}
      {compared.length > 0 ? <ComparisonBar chosen={compared.length} /> : null}
    </main>
  );
}
