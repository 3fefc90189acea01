import { Link, useNavigation } from "react-router";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { QuoteStatusBadge } from "#app/components/quotes/QuoteStatusBadge.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import { EmptyState, FilteredEmptyState } from "#app/components/ui/empty-state.tsx";
import { FileText } from "#app/components/ui/icons.ts";
import {
  ListToolbar,
  type ListToolbarSpec,
  useListToolbar,
} from "#app/components/ui/list-toolbar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { countOnPage, Pager } from "#app/components/ui/page-link.tsx";
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from "#app/lib/domain.ts";
import { formatCents, formatDate } from "#app/lib/format.ts";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { quoteListQuerySchema } from "#app/lib/schemas/quote.ts";
import { QUOTES_PAGE_SIZE } from "#app/lib/schemas/quote-constants.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { findCustomer } from "#server/customers/index.ts";
import { listQuotes } from "#server/quotes/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${pageTitle(loaderData?.customer ?? null)} | Carrierline` },
];

/** The header names the tool the list belongs to. */
export const handle = { title: "Quote Generator" };

/**
 * `customerId` (the customer page's Quotes) narrows the list to that customer and names them. An
 * id of no customer the agent may see is dropped, as a malformed one is: the list of all their
 * quotes, which neither confirms nor denies that such a customer exists.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const asked = readFilters(quoteListQuerySchema, new URL(request.url).searchParams);
  const found = asked.customerId ? await findCustomer(ctx, asked.customerId) : null;
  const customer = found ? { id: found.id, companyName: found.companyName } : null;
  const query = { ...asked, customerId: customer?.id };
  return { result: await listQuotes(ctx, query), query, customer };
}

type QuotesCustomer = { id: string; companyName: string } | null;

const pageTitle = (customer: QuotesCustomer) =>
  customer ? `Quotes for ${customer.companyName}` : "Saved Quotes";

export function ErrorBoundary() {
  return <RouteError message="Failed to load quotes" />;
}

const QUOTE_TOOLBAR: ListToolbarSpec = {
  search: { label: "Search quotes", placeholder: "Search by company or contact..." },
  filters: [
    {
      key: "status",
      label: "Status",
      options: [
        { value: "all", label: "All Statuses" },
        ...QUOTE_STATUSES.map((value) => ({ value, label: QUOTE_STATUS_LABELS[value] })),
      ],
      chip: (o) => `Status: ${o.label}`,
    },
  ],
  // A filter or a new search starts again from the first page.
  resets: ["page"],
  active: { style: "chips" },
  clear: {},
};

type QuoteRow = Route.ComponentProps["loaderData"]["result"]["rows"][number];

const QUOTE_COLUMNS: readonly DataColumn<QuoteRow>[] = [
  {
    key: "company",
    header: "Customer",
    primary: true,
    cell: (row) => (
      <Link
        to={`/dashboard/quotes/${row.id}`}
        className="font-medium text-brand-600 hover:underline dark:text-brand-400"
      >
        {row.companyName}
      </Link>
    ),
  },
  { key: "contact", header: "Contact", cell: (row) => row.contactName, priority: 2 },
  { key: "status", header: "Status", cell: (row) => <QuoteStatusBadge status={row.status} /> },
  {
    key: "monthly",
    header: "Monthly",
    cell: (row) => formatCents(row.monthlyTotalCents),
    className: "whitespace-nowrap tabular-nums @min-[40rem]:text-right",
  },
  {
    key: "created",
    header: "Created",
    cell: (row) => <LocalTime date={row.createdAt} format={formatDate} />,
    className: "whitespace-nowrap",
  },
  { key: "version", header: "Version", cell: (row) => `v${row.version}`, priority: 2 },
];

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { result, query, customer } = loaderData;
  const url = useUrlFilters();
  const toolbar = useListToolbar(QUOTE_TOOLBAR, url);
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/dashboard/quotes";
  // No quote at all, or none for the customer (not one hidden by a search): the way to the first.
  const none = result.total === 0 && query.q === "" && query.status === "all";
  const newQuote = (
    <Link
      // A first quote for the customer starts with their details, as Quick Actions open it.
      to={customer ? `/dashboard/quotes/new?customer=${customer.id}` : "/dashboard/quotes/new"}
      className={buttonClass("primary")}
    >
      New Quote
    </Link>
  );

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageBar
        title={pageTitle(customer)}
        back={
          customer
            ? {
                to: `/dashboard/customers/${customer.id}`,
                label: `Back to ${customer.companyName}`,
              }
            : undefined
        }
        actions={newQuote}
      >
        {customer ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Link
              to="/dashboard/quotes"
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              Show all quotes
            </Link>
          </p>
        ) : null}
      </PageBar>
      <ListToolbar toolbar={toolbar} />
      {none ? (
        <EmptyState
          icon={FileText}
          title={customer ? `No quotes for ${customer.companyName} yet` : "No saved quotes yet"}
          description="Generate a quote from a description of what the customer needs, then save it."
          action={newQuote}
        />
      ) : (
        <DataTable
          label="Saved quotes"
          columns={QUOTE_COLUMNS}
          rows={result.rows}
          rowKey={(row) => row.id}
          loading={loading}
          empty={
            <FilteredEmptyState
              title="No quotes found"
              description="Try a different search or status."
              toolbar={toolbar}
            />
          }
        />
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
        {loading ? (
          <p role="status" className="font-medium">
            Loading quotes...
          </p>
        ) : null}
        <p data-testid="quote-count" hidden={loading || result.total === 0}>
          {countOnPage(result.total, ["quote", "quotes"], {
            ...result,
            pageSize: QUOTES_PAGE_SIZE,
            shown: result.rows.length,
          })}
        </p>
        <Pager page={result.page} pageCount={result.pageCount} params={url.params} />
      </div>
    </main>
  );
}
