import { data, Link, redirect, useNavigation } from "react-router";
import { DealForm } from "#app/components/deals/DealForm.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { DEAL_CARRIER_TO_CARRIER } from "#app/lib/domain.ts";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import { DEAL_FOR_EXISTING, newDealDefaults, newDealSchema } from "#app/lib/schemas/deals.ts";
import { listRatePlansForCarrier } from "#server/catalog/index.ts";
import { createDeal } from "#server/deals/index.ts";
import { statusOf } from "#server/http/errors.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => [{ title: "New Deal | Carrierline" }];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const defaults = newDealDefaults(ctx.ports.clock.now());
  return {
    defaults,
    plans: {
      carrier: defaults.carrier,
      plans: await listRatePlansForCarrier(ctx, DEAL_CARRIER_TO_CARRIER[defaults.carrier]),
    },
  };
}

type ActionData = {
  formError?: string;
  fieldErrors?: Partial<Record<string, string>>;
  values: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const parsed = await parseForm(request, newDealSchema);
  if (!parsed.ok) {
    return data<ActionData>(
      { fieldErrors: parsed.fieldErrors, values: parsed.fields },
      { status: statusOf("invalid") },
    );
  }
  let made: Awaited<ReturnType<typeof createDeal>>;
  try {
    made = await createDeal(ctx, parsed.data);
  } catch (error) {
    // The spec's banner: 'Company not found', the server's message, else 'Failed to create deal'.
    if (isDomainError(error)) {
      return data<ActionData>(
        {
          formError: error.message,
          values: parsed.fields,
          ...(error.details.fieldErrors ? { fieldErrors: error.details.fieldErrors } : {}),
        },
        { status: statusOf(error.kind) },
      );
    }
    ctx.ports.logger.error({ err: error }, "a deal could not be created");
    return data<ActionData>(
      { formError: "Failed to create deal", values: parsed.fields },
      { status: 500 },
    );
  }
  // The board says which customer a deal went to when it was one the agent already had.
  throw redirect(
    made.existing
      ? `/dashboard/deals?${DEAL_FOR_EXISTING}=${made.existing.id}`
      : "/dashboard/deals",
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the deal form" />;
}

// The form's browser check; the action applies the same schema again.
const newDealCheck = onFirstUse(() =>
  import("#app/lib/schemas/deals.ts").then((schemas) => schemas.newDealSchema),
);

export default function NewDeal({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formAction === "/dashboard/deals/new";
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageBar title="New Deal" back={{ to: "/dashboard/deals", label: "Back to Deals" }} />
      <DealForm
        // A refused form starts again from what was sent (also without JavaScript).
        key={actionData ? JSON.stringify(actionData.values) : "new"}
        schema={newDealCheck}
        values={actionData?.values ?? loaderData.defaults}
        plans={loaderData.plans}
        withCustomer
        fieldErrors={actionData?.fieldErrors}
        formError={actionData?.formError}
        busy={busy}
        submitLabel="Create Deal"
        busyLabel="Creating..."
        secondary={
          <Link to="/dashboard/deals" className={buttonClass("secondary")}>
            Cancel
          </Link>
        }
      />
    </main>
  );
}
