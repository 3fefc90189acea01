import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { CustomerForm, customerFormValues } from "#app/components/customers/CustomerForm.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { describeActivity } from "#app/lib/activity.ts";
import { DEAL_STATUS_LABELS } from "#app/lib/domain.ts";
import { formatCents, formatDate, formatIsoDate } from "#app/lib/format.ts";
import { customerFieldsSchema } from "#app/lib/schemas/customers.ts";
import { getCustomerPage, updateCustomer } from "#server/customers/index.ts";
import { answerAction, invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/detail";
import { customerIdOf, orNotFound } from "./customers.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.customer.companyName ?? "Customer"} | Carrierline` },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const id = customerIdOf(params.id);
  return orNotFound(() => getCustomerPage(ctx, id));
}

/** Saves the details, checked again by the New Customer schema. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const id = customerIdOf(params.id);
  const form = await parseForm(request, customerFieldsSchema);
  if (!form.ok) return invalidForm(form.fieldErrors);
  return answerAction(async () => {
    await updateCustomer(ctx, { id, fields: form.data });
    return { ok: true as const, message: "Customer saved" };
  });
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">404</p>
        <h2 className="mt-2 text-2xl font-bold tracking-tight">Customer not found</h2>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          This customer does not exist, or is not one of your company's.
        </p>
        <Link to="/dashboard/customers" className={buttonClass("secondary", "mt-8")}>
          Back to Customers
        </Link>
      </main>
    );
  }
  return <RouteError message="Failed to load customer" />;
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  const { customer, deals, timeline } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageBar
        title={customer.companyName}
        back={{ to: "/dashboard/customers", label: "Back to Customers" }}
        actions={
          <Link
            to={`/dashboard/quotes?customerId=${customer.id}`}
            className={buttonClass("secondary")}
          >
            Quotes
          </Link>
        }
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {customer.name} · Assigned to {customer.assignee ?? "Unassigned"} · Added{" "}
          <LocalTime date={customer.createdAt} format={formatDate} />
        </p>
      </PageBar>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <h3 className="sr-only">Details</h3>
          <CustomerForm
            // A new customer's form starts over with its own values.
            key={customer.id}
            fetcherKey={`customer-${customer.id}`}
            values={customerFormValues(customer)}
            submitLabel="Save"
            busyLabel="Saving..."
            failure="Failed to save customer"
          />
        </div>
        <div className="space-y-6">
          <Aside title="Deals">
            {deals.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                No deals for this customer yet.{" "}
                <Link
                  to="/dashboard/deals/new"
                  className="font-medium text-brand-600 hover:underline dark:text-brand-400"
                >
                  Create a deal
                </Link>
              </p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {deals.map((deal) => (
                  <li key={deal.id} className="py-2">
                    <Link
                      to={`/dashboard/deals/${deal.id}`}
                      className="font-medium text-brand-700 hover:underline dark:text-brand-400"
                    >
                      {deal.title}
                    </Link>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {DEAL_STATUS_LABELS[deal.status]} · {formatCents(deal.valueCents)}
                      {deal.closeDate ? ` · Closes ${formatIsoDate(deal.closeDate)}` : ""}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Aside>
          <Aside title="Activity">
            {timeline.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No activity yet.</p>
            ) : (
              <ol className="space-y-3">
                {timeline.map((entry) => (
                  <li key={entry.id} className="text-sm">
                    <p>
                      <span className="font-medium">{entry.actor ?? "Someone"}</span>{" "}
                      {describeActivity(entry.details)}
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      <LocalTime date={entry.at} />
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </Aside>
        </div>
      </div>
    </main>
  );
}

function Aside(props: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h3 className="mb-3 text-lg font-semibold">{props.title}</h3>
      {props.children}
    </section>
  );
}
