import { AdminErrorBoundary } from "#app/components/portal/AdminOnly.tsx";
import { EmptyState } from "#app/components/portal/Catalog.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { CellText, type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { Pager } from "#app/components/ui/page-link.tsx";
import { SearchInput } from "#app/components/ui/search-input.tsx";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { nextSort, sortParams } from "#app/lib/schemas/sort.ts";
import { waitlistQuerySchema } from "#app/lib/schemas/waitlist.ts";
import {
  WAITLIST_DEFAULT_SORT,
  WAITLIST_SORT_COLUMNS,
  type WaitlistSortColumn,
} from "#app/lib/schemas/waitlist-constants.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { listSignups, signupCountsBySource } from "#server/site/index.ts";
import { userCtx } from "#server/web/context.ts";
import { requireRole } from "#server/web/guard.ts";
import type { Route } from "./+types/waitlist";

export const meta: Route.MetaFunction = () => [{ title: "Waitlist | Carrierline" }];

// The platform's waitlist: people who belong to no company yet (decision 0011).
export const middleware: Route.MiddlewareFunction[] = [requireRole("operator")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readFilters(waitlistQuerySchema, new URL(request.url).searchParams);
  const ctx = userCtx(context);
  const [list, bySource] = await Promise.all([listSignups(ctx, query), signupCountsBySource(ctx)]);
  return { ...list, bySource, query };
}

type SignupRow = Route.ComponentProps["loaderData"]["rows"][number];

/**
 * The export's columns (its headings), less the last submission time the table has no room for.
 * No invite here: a company's admin invites people by email into their own company, and the
 * operators work from this list and its export (decision 0011). Long names, addresses and
 * companies are cut to one line and shown whole on hover and focus. The source and the count
 * fold under the name first (already beside the sidebar at 1280 px), then the phone, then the
 * date.
 */
const SIGNUP_COLUMNS: readonly DataColumn<SignupRow, WaitlistSortColumn | "phone">[] = [
  {
    key: "name",
    header: "Name",
    cell: (r) => <CellText text={r.name} className="max-w-40" />,
    primary: true,
    sortable: true,
  },
  {
    key: "email",
    header: "Email",
    cell: (r) => <CellText text={r.email} href={`mailto:${r.email}`} className="max-w-56" />,
    sortable: true,
  },
  {
    key: "company",
    header: "Company",
    cell: (r) => <CellText text={r.company} className="max-w-40" />,
    sortable: true,
  },
  {
    key: "phone",
    header: "Phone",
    cell: (r) => r.phone ?? "-",
    priority: 3,
    className: "whitespace-nowrap",
  },
  { key: "source", header: "Source", cell: (r) => r.source, priority: 4, sortable: true },
  {
    key: "submissions",
    header: "Submissions",
    cell: (r) => r.submissionCount,
    priority: 4,
    sortable: true,
  },
  {
    key: "signedUp",
    header: "Signed Up",
    cell: (r) => <LocalTime date={r.createdAt} />,
    priority: 2,
    sortable: true,
    className: "min-w-32",
  },
];

export function ErrorBoundary() {
  return <AdminErrorBoundary message="Failed to load the waitlist" />;
}

export default function Waitlist({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, bySource, query } = loaderData;
  const { params, update } = useUrlFilters();
  const sort = { column: query.sort, dir: query.dir };
  const sortBy = (column: string) => {
    const sortable = WAITLIST_SORT_COLUMNS.find((c) => c === column);
    if (sortable) update(sortParams(nextSort(sort, sortable), WAITLIST_DEFAULT_SORT), ["page"]);
  };
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageBar
        title="Waitlist"
        actions={
          <a href="/api/admin/waitlist.csv" className={buttonClass("primary")} download>
            Export CSV
          </a>
        }
      />
      <section aria-label="Sign-ups by source" className="mb-6 flex flex-wrap gap-3">
        {bySource.length === 0
          ? null
          : bySource.map((s) => (
              <div
                key={s.source}
                className="rounded-xl border border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900"
              >
                <p className="text-xs text-slate-500 dark:text-slate-400">{s.source}</p>
                <p className="text-xl font-bold">{s.count}</p>
              </div>
            ))}
      </section>
      <SearchInput
        label="Search sign-ups"
        placeholder="Search by name, email or company..."
        defaultValue={query.q}
        onChange={(e) => update({ q: e.target.value }, ["page"])}
        className="mb-4 max-w-md"
      />
      {rows.length === 0 ? (
        <EmptyState>
          {query.q ? "No sign-ups match your search" : "No one has signed up yet"}
        </EmptyState>
      ) : (
        <DataTable
          label="Sign-ups"
          columns={SIGNUP_COLUMNS}
          rows={rows}
          rowKey={(r) => r.id}
          sort={{ state: sort, onSort: sortBy }}
        />
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
        <p>
          {total.toLocaleString("en-US")} {total === 1 ? "sign-up" : "sign-ups"}
        </p>
        {/* Only "page 2 of 3" was shown, with no way to it but typing the address. */}
        <Pager page={page} pageCount={pageCount} params={params} />
      </div>
    </main>
  );
}
