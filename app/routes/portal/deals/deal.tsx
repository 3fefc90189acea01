import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { DealForm, dealFormValues } from "#app/components/deals/DealForm.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { TextareaField } from "#app/components/ui/text-field.tsx";
import { describeActivity } from "#app/lib/activity.ts";
import {
  DEAL_CARRIER_LABELS,
  DEAL_CARRIER_TO_CARRIER,
  DEAL_STAGE_LABELS,
  DEAL_STATUS_LABELS,
} from "#app/lib/domain.ts";
import { formatCents, formatDate, formatIsoDate } from "#app/lib/format.ts";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import { DEAL_NOT_FOUND } from "#app/lib/schemas/deal-constants.ts";
import { dealFieldsSchema, dealPageActionSchema } from "#app/lib/schemas/deals.ts";
import { listRatePlansForCarrier } from "#server/catalog/index.ts";
import { addDealNote, getDealPage, reassignDeal, updateDeal } from "#server/deals/index.ts";
import { invalidInput } from "#server/platform/errors.ts";
import { answerAction, answerLoader, invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { fieldErrorsOf, parseForm, recordIdParam } from "#server/web/forms.ts";
import type { Route } from "./+types/deal";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.deal.title ?? "Deal"} | Carrierline` },
];

/** The header names the tool the deal belongs to. */
export const handle = { title: "My Deals" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const id = recordIdParam(params.dealId, DEAL_NOT_FOUND);
  const page = await answerLoader(() => getDealPage(ctx, id));
  const carrier = page.deal.carrier;
  return {
    ...page,
    plans: {
      carrier,
      plans: await listRatePlansForCarrier(ctx, DEAL_CARRIER_TO_CARRIER[carrier]),
    },
  };
}

type ActionData =
  | { ok: true; intent: string; message: string }
  | { ok: false; message: string; fieldErrors?: Partial<Record<string, string>> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const id = recordIdParam(params.dealId, DEAL_NOT_FOUND);
  const parsed = await parseForm(request, dealPageActionSchema);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors);
  const input = parsed.data;
  return answerAction(async (): Promise<ActionData> => {
    switch (input.intent) {
      case "update": {
        // The intent's shape, then the rules across fields (a lost deal needs its reason).
        const checked = dealFieldsSchema.safeParse(parsed.fields);
        if (!checked.success) {
          throw invalidInput("Check the highlighted fields.", fieldErrorsOf(checked.error));
        }
        await updateDeal(ctx, { id, fields: checked.data });
        return { ok: true, intent: "update", message: "Deal saved" };
      }
      case "note":
        await addDealNote(ctx, { id, body: input.body });
        return { ok: true, intent: "note", message: "Note added" };
      case "reassign":
        await reassignDeal(ctx, { id, assigneeId: input.assigneeId });
        return { ok: true, intent: "reassign", message: "Deal reassigned" };
    }
  });
}

export function ErrorBoundary() {
  return (
    <RouteError
      message="Failed to load the deal"
      missing={{ title: DEAL_NOT_FOUND, back: { to: "/dashboard/deals", label: "Back to Deals" } }}
    />
  );
}

// The edit form's browser check; the action applies the same schema again.
const dealFieldsCheck = onFirstUse(() =>
  import("#app/lib/schemas/deals.ts").then((schemas) => schemas.dealFieldsSchema),
);

export default function DealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, timeline, agents, plans } = loaderData;
  // A calendar day (the close date) is text; a stored time is written in the agent's zone.
  const dates: [string, string | Date][] = [];
  if (deal.closeDate) dates.push(["Close date", formatIsoDate(deal.closeDate)]);
  if (deal.wonAt) dates.push(["Won", deal.wonAt]);
  if (deal.contractEnd) dates.push(["Contract ends", deal.contractEnd]);
  const answer: ActionData | undefined = actionData;
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const noteForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.ok && answer.intent === "note") noteForm.current?.reset();
  }, [answer]);
  const failed = answer && !answer.ok ? answer : undefined;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageBar title={deal.title} back={{ to: "/dashboard/deals", label: "Back to Deals" }}>
        <p className="text-slate-600 dark:text-slate-400">
          <Link
            to={`/dashboard/customers/${deal.customerId}`}
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            {deal.customerCompany}
          </Link>{" "}
          · {deal.customerName}
        </p>
      </PageBar>

      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        <Stat label="Status" value={DEAL_STATUS_LABELS[deal.status]} />
        <Stat label="Stage" value={DEAL_STAGE_LABELS[deal.stage]} />
        <Stat label="Value" value={formatCents(deal.valueCents)} />
        <Stat label="Monthly revenue" value={formatCents(deal.monthlyRevenueCents)} />
        <Stat label="Carrier" value={DEAL_CARRIER_LABELS[deal.carrier]} />
        <Stat label="Assigned to" value={deal.assignee ?? "Unassigned"} />
      </dl>
      {/* The dates a deal may have (none to three) follow as one line: six tiles fill whole rows
          at two, three and six a row, where a seventh would stand alone. */}
      {dates.length > 0 ? (
        <dl className="-mt-3 mb-6 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {dates.map(([label, value]) => (
            <div key={label} className="flex gap-1.5">
              <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="font-medium tabular-nums">
                {typeof value === "string" ? value : <LocalTime date={value} format={formatDate} />}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}

      {answer?.ok ? <SuccessAlert className="mb-4">{answer.message}</SuccessAlert> : null}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="edit-deal">
          <h3 id="edit-deal" className="sr-only">
            Edit deal
          </h3>
          <DealForm
            key={deal.updatedAt.toString()}
            schema={dealFieldsCheck}
            values={dealFormValues(deal)}
            quoted={
              deal.quotedFigures
                ? { valueCents: deal.valueCents, monthlyRevenueCents: deal.monthlyRevenueCents }
                : undefined
            }
            plans={plans}
            withCustomer={false}
            intent="update"
            fieldErrors={failed?.fieldErrors}
            formError={failed && !failed.fieldErrors ? failed.message : undefined}
            busy={busyIntent === "update"}
            submitLabel="Save Changes"
            busyLabel="Saving..."
          />
        </section>

        <aside className="space-y-6">
          {agents ? (
            <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <h3 className="font-semibold">Assignee</h3>
              <Form method="post" className="mt-3 flex items-end gap-2">
                <input type="hidden" name="intent" value="reassign" />
                <div className="min-w-0 flex-1">
                  <label htmlFor="assigneeId" className="mb-1 block text-xs font-medium">
                    Reassign to
                  </label>
                  <select
                    id="assigneeId"
                    name="assigneeId"
                    defaultValue={deal.assignedTo ?? ""}
                    className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
                  >
                    {agents.map((agent) => (
                      <option key={agent.id} value={agent.id}>
                        {agent.username ?? agent.name}
                      </option>
                    ))}
                  </select>
                </div>
                <Button type="submit" variant="secondary" disabled={busyIntent === "reassign"}>
                  {busyIntent === "reassign" ? "Saving..." : "Reassign"}
                </Button>
              </Form>
            </section>
          ) : null}

          <section
            aria-labelledby="activity"
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 id="activity" className="font-semibold">
              Activity
            </h3>
            <Form ref={noteForm} method="post" className="mt-3 space-y-2">
              <input type="hidden" name="intent" value="note" />
              <TextareaField
                label="Add a note"
                name="body"
                rows={3}
                maxLength={5000}
                required
                error={failed?.fieldErrors?.body}
                aria-keyshortcuts="Control+Enter Meta+Enter"
                onKeyDown={(event) => {
                  // Enter starts a new line of the note; Ctrl+Enter (⌘+Enter) adds it.
                  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }}
              />
              <div className="flex justify-end">
                <Button type="submit" variant="secondary" disabled={busyIntent === "note"}>
                  {busyIntent === "note" ? "Adding..." : "Add Note"}
                </Button>
              </div>
            </Form>
            <ol className="mt-5 space-y-4">
              {timeline.map((entry) => (
                <li
                  key={entry.id}
                  className="border-l-2 border-slate-200 pl-3 dark:border-slate-700"
                >
                  <p className="text-sm">
                    <span className="font-medium">{entry.actor ?? "Someone"}</span>{" "}
                    {describeActivity(entry.details)}
                  </p>
                  {entry.details.kind === "deal_note" ? (
                    <p className="mt-1 whitespace-pre-wrap rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60">
                      {entry.details.body}
                    </p>
                  ) : null}
                  <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                    <LocalTime date={entry.at} />
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </main>
  );
}

function Stat(props: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{props.label}</dt>
      <dd className="mt-0.5 truncate font-semibold tabular-nums">{props.value}</dd>
    </div>
  );
}
