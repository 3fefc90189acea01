import { useState } from "react";
import { data, Link, useNavigation } from "react-router";
import { CustomerCard } from "#app/components/customers/CustomerCard.tsx";
import { CustomerImport } from "#app/components/customers/CustomerImport.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { EmptyState, FilteredEmptyState } from "#app/components/ui/empty-state.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Upload, Users } from "#app/components/ui/icons.ts";
import {
  ListToolbar,
  type ListToolbarSpec,
  useListToolbar,
} from "#app/components/ui/list-toolbar.tsx";
import { countOnPage, Pager } from "#app/components/ui/page-link.tsx";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import {
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  CUSTOMERS_PAGE_SIZE,
} from "#app/lib/schemas/customer-constants.ts";
import {
  CUSTOMER_IMPORT_MAX_BYTES,
  type CustomerImportPreviewAnswer,
  customerImportOptionsSchema,
} from "#app/lib/schemas/customer-import.ts";
import { customerQuerySchema } from "#app/lib/schemas/customers.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { listCustomers, previewCustomerImport } from "#server/customers/index.ts";
import { statusOf } from "#server/http/errors.ts";
import { readCsvUpload } from "#server/platform/csv-upload.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { userCtx } from "#server/web/context.ts";
import { formFields, readForm } from "#server/web/forms.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Customers | Carrierline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const query = readFilters(customerQuerySchema, new URL(request.url).searchParams);
  return { result: await listCustomers(ctx, query), query };
}

/** The import's preview: the file is read and checked, nothing is written (see server/http). */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const form = await readForm(request);
  const refused = (message: string, status = statusOf("invalid")) =>
    data<CustomerImportPreviewAnswer>({ ok: false, message }, { status });
  const upload = await readCsvUpload(form, CUSTOMER_IMPORT_MAX_BYTES);
  if (!upload.ok) return refused(upload.errors.join(" "));
  const options = customerImportOptionsSchema.safeParse(formFields(form));
  if (!options.success) return refused("The column mapping is not valid.");
  try {
    const preview = await previewCustomerImport(ctx, {
      text: upload.text,
      mapping: options.data.mapping,
    });
    return data<CustomerImportPreviewAnswer>({ ok: true, preview });
  } catch (error) {
    if (isDomainError(error)) return refused(error.message, statusOf(error.kind));
    throw error;
  }
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load customers" />;
}

const CUSTOMER_TOOLBAR: ListToolbarSpec = {
  search: { label: "Search customers", placeholder: "Search customers..." },
  sort: {
    key: "sort",
    label: "Sort by",
    options: CUSTOMER_SORTS.map((value) => ({ value, label: CUSTOMER_SORT_LABELS[value] })),
  },
  // A new search, sort or "Only mine" starts again from the first page.
  resets: ["page"],
};

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { result, query } = loaderData;
  const url = useUrlFilters();
  const toolbar = useListToolbar(CUSTOMER_TOOLBAR, url);
  const [importOpen, setImportOpen] = useState(false);
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/dashboard/customers";
  // No customer at all (not one hidden by a search): the way to the first one.
  const none = result.total === 0 && query.q === "" && !query.mine;

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageBar
        title="Customers"
        actions={
          <>
            <Button
              variant="secondary"
              aria-expanded={importOpen}
              onClick={() => setImportOpen((open) => !open)}
            >
              <Icon icon={Upload} className="size-4" />
              Import CSV
            </Button>
            <Link to="/dashboard/customers/new" className={buttonClass("primary")}>
              New Customer
            </Link>
          </>
        }
      />
      {importOpen ? <CustomerImport onClose={() => setImportOpen(false)} /> : null}

      <ListToolbar
        toolbar={toolbar}
        actions={
          <label className="inline-flex cursor-pointer items-center gap-2 py-2 text-sm font-medium">
            <input
              type="checkbox"
              role="switch"
              aria-checked={query.mine}
              name="mine"
              checked={query.mine}
              onChange={(event) => url.update({ mine: event.target.checked ? "1" : "" }, ["page"])}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="relative h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5 dark:bg-slate-700 dark:peer-focus-visible:ring-offset-slate-950"
            />
            Only mine
          </label>
        }
      />

      {loading ? (
        <p role="status" className="mb-4 text-sm font-medium text-slate-600 dark:text-slate-300">
          Loading customers...
        </p>
      ) : null}

      {result.rows.length === 0 ? (
        none ? (
          <EmptyState
            icon={Users}
            title="No customers found"
            description="Add your first customer, or import a CSV of the customers you already have."
            action={
              <Link to="/dashboard/customers/new" className={buttonClass("primary")}>
                Create your first customer
              </Link>
            }
          />
        ) : (
          <FilteredEmptyState
            title="No customers found"
            description="Try a different search, or turn off Only mine."
            toolbar={{
              ...toolbar,
              filtered: toolbar.filtered || query.mine,
              clear: () => {
                toolbar.clear();
                url.update({ mine: "" }, ["page"]);
              },
            }}
          />
        )
      ) : (
        <ul
          aria-label="Customers"
          aria-busy={loading}
          className={`grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 ${loading ? "opacity-60" : ""}`}
        >
          {result.rows.map((customer) => (
            <li key={customer.id}>
              <CustomerCard customer={customer} />
            </li>
          ))}
        </ul>
      )}

      {result.total > 0 ? (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
          <p data-testid="customer-count">
            {countOnPage(result.total, ["customer", "customers"], {
              ...result,
              pageSize: CUSTOMERS_PAGE_SIZE,
              shown: result.rows.length,
            })}
          </p>
          <Pager page={result.page} pageCount={result.pageCount} params={url.params} />
        </div>
      ) : null}
    </main>
  );
}
