import { Link, redirect } from "react-router";
import { CustomerForm, EMPTY_CUSTOMER } from "#app/components/customers/CustomerForm.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { customerFieldsSchema } from "#app/lib/schemas/customers.ts";
import { createCustomer } from "#server/customers/index.ts";
import { answerAction, invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => [{ title: "New Customer | Carrierline" }];

/** The shared schema again on the server; on success the list, newest first (spec). */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const form = await parseForm(request, customerFieldsSchema);
  if (!form.ok) return invalidForm(form.fieldErrors);
  return answerAction(async () => {
    await createCustomer(ctx, form.data);
    return redirect("/dashboard/customers");
  });
}

/** Only the action can fail here (there is nothing to load): the spec's message. */
export function ErrorBoundary() {
  return <RouteError message="Failed to create customer" />;
}

export default function NewCustomer() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageBar
        title="New Customer"
        back={{ to: "/dashboard/customers", label: "Back to Customers" }}
      />
      <CustomerForm
        fetcherKey="new-customer"
        values={EMPTY_CUSTOMER}
        submitLabel="Create Customer"
        busyLabel="Creating..."
        failure="Failed to create customer"
        secondary={
          <Link to="/dashboard/customers" className={buttonClass("secondary")}>
            Cancel
          </Link>
        }
      />
    </main>
  );
}
