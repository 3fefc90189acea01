import { type FormEvent, useState } from "react";
import { Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { OptionEditor } from "#app/components/quotes/OptionEditor.tsx";
import { CARD, MUTED, OptionCard, QuoteNotes } from "#app/components/quotes/QuoteResult.tsx";
import { QuoteStatusBadge } from "#app/components/quotes/QuoteStatusBadge.tsx";
import { SendProposalDialog } from "#app/components/quotes/SendProposalDialog.tsx";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import type { QuoteStatus } from "#app/lib/domain.ts";
import { formatCents, formatIsoDate } from "#app/lib/format.ts";
import { quotePageActionSchema, repriceFormSchema } from "#app/lib/schemas/quote.ts";
import { QUOTE_NOT_FOUND } from "#app/lib/schemas/quote-constants.ts";
import { useAnswerFocus } from "#app/lib/use-answer-focus.ts";
import { invalidInput } from "#server/platform/errors.ts";
import {
  chooseQuoteOption,
  convertQuoteToDeal,
  decideQuote,
  editChoices,
  getQuote,
  isChangeable,
  repriceOption,
  selectionsOf,
  sendProposal,
  versionQuote,
} from "#server/quotes/index.ts";
import { answerAction, answerLoader, invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { fieldErrorsOf, parseForm, recordIdParam } from "#server/web/forms.ts";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Quote for ${loaderData?.quote.companyName ?? "a customer"} | Carrierline` },
];

/** The header names the tool the quote belongs to. */
export const handle = { title: "Quote Generator" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const id = recordIdParam(params.quoteId, QUOTE_NOT_FOUND);
  const quote = await answerLoader(() => getQuote(ctx, { id }));
  const changeable = isChangeable(quote);
  return {
    quote,
    changeable,
    editor:
      changeable && quote.needs !== null
        ? { selections: selectionsOf(quote), choices: await editChoices(ctx, quote) }
        : null,
  };
}

type ActionData =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: Partial<Record<string, string>> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const id = recordIdParam(params.quoteId, QUOTE_NOT_FOUND);
  const parsed = await parseForm(request, quotePageActionSchema);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors);
  const input = parsed.data;
  return answerAction(async (): Promise<ActionData | Response> => {
    switch (input.intent) {
      case "reprice": {
        // The intent's shape, then the editor's rows read into a selection.
        const checked = repriceFormSchema.safeParse(parsed.fields);
        if (!checked.success) {
          const fieldErrors = fieldErrorsOf(checked.error);
          throw invalidInput(Object.values(fieldErrors)[0] ?? "Check the option.", fieldErrors);
        }
        await repriceOption(ctx, { id, ...checked.data });
        return { ok: true, message: "Option re-priced from today's catalog" };
      }
      case "choose":
        await chooseQuoteOption(ctx, { id, optionId: input.optionId });
        return { ok: true, message: "Option chosen" };
      case "accept":
        await decideQuote(ctx, { id, decision: "accepted" });
        return { ok: true, message: "Quote marked accepted" };
      case "decline":
        await decideQuote(ctx, { id, decision: "declined" });
        return { ok: true, message: "Quote marked lost" };
      case "convert": {
        const { dealId } = await convertQuoteToDeal(ctx, { id });
        return redirect(`/dashboard/deals/${dealId}`);
      }
      case "version": {
        const made = await versionQuote(ctx, { id });
        return redirect(`/dashboard/quotes/${made.id}`);
      }
      case "send": {
        const { to } = await sendProposal(ctx, { id });
        return { ok: true, message: `Proposal sent to ${to}` };
      }
    }
  });
}

export function ErrorBoundary() {
  return (
    <RouteError
      message="Failed to load the quote"
      missing={{
        title: QUOTE_NOT_FOUND,
        back: { to: "/dashboard/quotes", label: "Back to Quotes" },
      }}
    />
  );
}

/** A quote still open to change: not yet decided. */
const isOpen = (status: QuoteStatus) => status === "draft" || status === "sent";

/** A button that posts one intent of the page's action. */
function IntentButton(props: {
  intent: string;
  label: string;
  busyLabel: string;
  busy: string | undefined;
  variant?: "primary" | "secondary";
  fields?: Record<string, string>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form method="post" {...(props.onSubmit ? { onSubmit: props.onSubmit } : {})}>
      <input type="hidden" name="intent" value={props.intent} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        variant={props.variant ?? "secondary"}
        disabled={props.busy !== undefined}
      >
        {props.busy === props.intent ? props.busyLabel : props.label}
      </Button>
    </Form>
  );
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, changeable, editor } = loaderData;
  const answer: ActionData | undefined = actionData;
  const navigation = useNavigation();
  const busyValue = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const busy = typeof busyValue === "string" ? busyValue : undefined;
  const open = isOpen(quote.storedStatus);
  const converted = quote.dealId !== null;
  const canChoose = changeable && quote.options.length > 1;
  const versionLabel = quote.status === "expired" ? "Renew" : "New Version";
  // What sendProposal accepts: priced, neither lost nor past its validity.
  const sendable =
    quote.options.length > 0 && quote.status !== "expired" && quote.status !== "declined";
  const [confirmingSend, setConfirmingSend] = useState(false);
  const submit = useSubmit();
  // Mark Accepted and Mark Lost take their own buttons away with the answer.
  const notice = useAnswerFocus<HTMLDivElement>(answer, loaderData);

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageBar
        title={`Quote for ${quote.companyName}`}
        back={{ to: "/dashboard/quotes", label: "Back to Quotes" }}
        actions={
          <>
            {/* One deal per quote, whichever version made it; a lost quote makes none. */}
            {quote.familyDealId ? (
              <Link
                to={`/dashboard/deals/${quote.familyDealId}`}
                className={buttonClass("primary")}
              >
                Open deal
              </Link>
            ) : quote.storedStatus !== "declined" ? (
              <IntentButton
                intent="convert"
                label="Convert to Deal"
                busyLabel="Converting..."
                busy={busy}
                variant="primary"
              />
            ) : null}
            {open && !converted ? (
              <>
                <IntentButton
                  intent="accept"
                  label="Mark Accepted"
                  busyLabel="Saving..."
                  busy={busy}
                />
                <IntentButton
                  intent="decline"
                  label="Mark Lost"
                  busyLabel="Saving..."
                  busy={busy}
                />
              </>
            ) : null}
            {sendable ? (
              <>
                <a
                  href={`/dashboard/quotes/${quote.id}/proposal`}
                  download
                  className={buttonClass("secondary")}
                >
                  Download Proposal
                </a>
                <IntentButton
                  intent="send"
                  label="Send Proposal"
                  busyLabel="Sending..."
                  busy={busy}
                  onSubmit={(event) => {
                    // Asks first once the page's script runs; without it, the form still sends.
                    event.preventDefault();
                    setConfirmingSend(true);
                  }}
                />
              </>
            ) : null}
            {quote.needs ? (
              <IntentButton
                intent="version"
                label={versionLabel}
                busyLabel="Pricing..."
                busy={busy}
              />
            ) : null}
          </>
        }
      >
        <p className={MUTED}>
          {quote.customerId ? (
            <Link
              to={`/dashboard/customers/${quote.customerId}`}
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              {quote.companyName}
            </Link>
          ) : (
            quote.companyName
          )}{" "}
          · {quote.contactName} · {quote.contactEmail}
        </p>
      </PageBar>

      {sendable ? (
        <SendProposalDialog
          open={confirmingSend}
          onOpenChange={setConfirmingSend}
          recipient={quote}
          onSend={() => submit({ intent: "send" }, { method: "post" })}
        />
      ) : null}
      <div ref={notice} tabIndex={-1} className="focus:outline-none">
        {answer?.ok ? <SuccessAlert className="mb-4">{answer.message}</SuccessAlert> : null}
        {answer && !answer.ok ? <ErrorAlert className="mb-4">{answer.message}</ErrorAlert> : null}
      </div>

      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Stat label="Status">
          <QuoteStatusBadge status={quote.status} />
        </Stat>
        <Stat label="Monthly">{formatCents(quote.monthlyTotalCents)}</Stat>
        <Stat label="Valid until">{quote.validUntil ? formatIsoDate(quote.validUntil) : "—"}</Stat>
        <Stat label="Priced on">{quote.pricedOn ? formatIsoDate(quote.pricedOn) : "—"}</Stat>
        <Stat label="Version">{`v${quote.version}`}</Stat>
      </dl>

      {quote.versions.length > 1 ? (
        <nav aria-label="Versions" className="mb-6 flex flex-wrap items-center gap-2 text-sm">
          <span className={MUTED}>Versions:</span>
          {quote.versions.map((v) =>
            v.id === quote.id ? (
              <span key={v.id} aria-current="page" className="font-semibold">
                v{v.version}
              </span>
            ) : (
              <Link
                key={v.id}
                to={`/dashboard/quotes/${v.id}`}
                className="font-medium text-brand-600 hover:underline dark:text-brand-400"
              >
                v{v.version}
              </Link>
            ),
          )}
        </nav>
      ) : null}

      <div className="space-y-6">
        <section className={CARD} aria-labelledby="quote-request">
          <h3 id="quote-request" className="text-lg font-semibold">
            What the customer asked for
          </h3>
          <p className="mt-2 whitespace-pre-wrap text-sm">{quote.description}</p>
          {quote.saving ? (
            <p className="mt-3 text-sm" data-testid="quote-saving">
              Plan charges on the current bill {formatCents(quote.saving.currentMonthlyCents)} a
              month;{" "}
              {quote.saving.monthlyCents >= 0
                ? `saves ${formatCents(quote.saving.monthlyCents)} a month (${formatCents(quote.saving.yearlyCents)} a year), before taxes.`
                : `costs ${formatCents(-quote.saving.monthlyCents)} a month more, before taxes.`}
            </p>
          ) : null}
        </section>

        {quote.storedStatus === "sent" && !converted ? (
          // Edit and Choose are gone once the customer holds the proposal; this says why.
          <p className={`${MUTED} text-sm`} data-testid="quote-sent-note">
            {`Sent to the customer as version ${quote.version}, so its options stay as sent.`}
            {quote.needs ? ` To change them, use ${versionLabel}.` : null}
          </p>
        ) : null}
        {quote.options.length === 0 ? (
          <p className={CARD}>No carrier could price this quote.</p>
        ) : (
          quote.options.map((option) => (
            <OptionCard
              key={option.id}
              option={option}
              termMonths={quote.termMonths}
              highlighted={
                option.chosen || (option.recommended && !quote.options.some((o) => o.chosen))
              }
              badges={
                option.chosen ? (
                  <span className="inline-flex rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">
                    Chosen
                  </span>
                ) : null
              }
              footer={
                <OptionFooter option={option} canChoose={canChoose} busy={busy} editor={editor} />
              }
            />
          ))
        )}

        <QuoteNotes unmet={quote.unmet} assumptions={quote.assumptions} />
      </div>
    </main>
  );
}

type PageData = Route.ComponentProps["loaderData"];

/** An option's own buttons: choose it, and its editor while the quote is open. */
function OptionFooter(props: {
  option: PageData["quote"]["options"][number];
  canChoose: boolean;
  busy: string | undefined;
  editor: PageData["editor"];
}) {
  const { option, editor } = props;
  const selection = editor?.selections[option.id];
  const choices = editor?.choices[option.carrier];
  const credits = option.items.flatMap((item) =>
    item.kind === "discount" && item.ref?.table === "promotions"
      ? [{ promotionId: item.ref.id, description: item.description }]
      : [],
  );
  if (!(props.canChoose && !option.chosen) && !(selection && choices)) return null;
  return (
    <div className="flex w-full flex-col gap-3">
      {props.canChoose && !option.chosen ? (
        <div className="flex justify-end">
          <IntentButton
            intent="choose"
            label={`Choose ${option.label}`}
            busyLabel="Saving..."
            busy={props.busy}
            fields={{ optionId: option.id }}
          />
        </div>
      ) : null}
      {selection && choices ? (
        <OptionEditor
          optionId={option.id}
          selection={selection}
          choices={choices}
          credits={credits}
          busy={props.busy === "reprice"}
        />
      ) : null}
    </div>
  );
}

function Stat(props: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{props.label}</dt>
      <dd className="mt-0.5 truncate font-semibold tabular-nums">{props.children}</dd>
    </div>
  );
}
