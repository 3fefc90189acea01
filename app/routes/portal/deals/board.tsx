import { Link, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { Board } from "#app/components/deals/Board.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { ALERT_LINK, SuccessAlert } from "#app/components/ui/alert.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { EmptyState, FilteredEmptyState } from "#app/components/ui/empty-state.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Plus, SquareKanban } from "#app/components/ui/icons.ts";
import {
  ListToolbar,
  type ListToolbarSpec,
  useListToolbar,
} from "#app/components/ui/list-toolbar.tsx";
import { boardViewParams } from "#app/lib/deal-board.ts";
import { BOARD_STATUSES, DEAL_STATUS_LABELS } from "#app/lib/domain.ts";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { DEAL_SORT_LABELS, DEAL_SORTS } from "#app/lib/schemas/deal-constants.ts";
import { boardNoticeSchema, boardQuerySchema, DEAL_FOR_EXISTING } from "#app/lib/schemas/deals.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { findCustomer } from "#server/customers/index.ts";
import { loadBoard } from "#server/deals/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/board";

export const meta: Route.MetaFunction = () => [{ title: "Deals - Agent Portal" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const params = new URL(request.url).searchParams;
  const query = readFilters(boardQuerySchema, params);
  const addedTo = readFilters(boardNoticeSchema, params)[DEAL_FOR_EXISTING];
  // Read through the acting user's scope, so the address names no customer they may not see.
  const existing = addedTo ? await findCustomer(ctx, addedTo) : null;
  return {
    columns: await loadBoard(ctx, query),
    query,
    addedTo: existing
      ? { id: existing.id, name: existing.name, companyName: existing.companyName }
      : null,
  };
}

/**
 * The board keeps the cards the agent has moved and the pages "Show more" added; an action
 * elsewhere in the portal (a notification, a check-in) must not reload it and drop them. A new
 * view, a link to the board or "Try Again" do reload it.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load deals" />;
}

const BOARD_TOOLBAR: ListToolbarSpec = {
  search: { label: "Search deals", placeholder: "Search deals..." },
  filters: [
    {
      key: "status",
      label: "Status",
      options: [
        { value: "all", label: "All Statuses" },
        ...BOARD_STATUSES.map((status) => ({ value: status, label: DEAL_STATUS_LABELS[status] })),
      ],
    },
  ],
  sort: {
    key: "sort",
    label: "Sort by",
    options: DEAL_SORTS.map((sort) => ({ value: sort, label: DEAL_SORT_LABELS[sort] })),
  },
  resets: [DEAL_FOR_EXISTING],
};

const NEW_DEAL = (
  <Link to="/dashboard/deals/new" className={buttonClass("primary")}>
    <Icon icon={Plus} className="size-4" />
    New Deal
  </Link>
);

export default function DealsBoard({ loaderData }: Route.ComponentProps) {
  const { columns, query, addedTo } = loaderData;
  const url = useUrlFilters();
  const toolbar = useListToolbar(BOARD_TOOLBAR, url);
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/dashboard/deals";
  const view = boardViewParams(url.params).toString();
  const filtered = query.q !== "" || query.status !== "all" || query.mine;
  const empty = columns.every((column) => column.count === 0);

  return (
    <main className="mx-auto max-w-[96rem] px-4 py-8 sm:px-6">
      <PageBar
        title="Deals"
        actions={
          <>
            <a
              href={`/api/deals.xlsx${view ? `?${view}` : ""}`}
              className={buttonClass("secondary")}
              download
            >
              Export
            </a>
            {NEW_DEAL}
          </>
        }
      />

      <ListToolbar
        toolbar={toolbar}
        actions={
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              role="switch"
              name="mine"
              checked={query.mine}
              aria-checked={query.mine}
              onChange={(event) =>
                url.update({ mine: event.target.checked ? "1" : "" }, BOARD_TOOLBAR.resets)
              }
              className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:bg-slate-700 dark:checked:bg-brand-500"
            />
            Only mine
          </label>
        }
      />

      {addedTo ? (
        <SuccessAlert className="mb-4">
          Deal created for {addedTo.name} ({addedTo.companyName}), who was already your customer.{" "}
          <Link to={`/dashboard/customers/${addedTo.id}`} className={ALERT_LINK}>
            Open {addedTo.name}
          </Link>
        </SuccessAlert>
      ) : null}

      {loading ? (
        <p role="status" className="mb-3 text-sm font-medium text-slate-600 dark:text-slate-400">
          Loading deals...
        </p>
      ) : null}

      {empty && !filtered ? (
        <EmptyState
          icon={SquareKanban}
          title="No deals yet"
          description="Create your first deal with New Deal: it starts in Lead, and you move it across the board as it progresses."
          action={NEW_DEAL}
        />
      ) : empty ? (
        <FilteredEmptyState
          title="No deals found"
          description="No deal on the board matches this search or filter."
          toolbar={toolbar}
        />
      ) : (
        <div className={loading ? "opacity-60 transition-opacity" : undefined}>
          <Board columns={columns} sort={query.sort} view={view} />
        </div>
      )}
    </main>
  );
}
