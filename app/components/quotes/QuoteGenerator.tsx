import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FormSection } from "#app/components/ui/form-section.tsx";
import { TextareaField, TextField } from "#app/components/ui/text-field.tsx";
import { firstErrorPerField } from "#app/lib/field-errors.ts";
import { onFirstUse, submitWhenLoaded } from "#app/lib/on-first-use.ts";
import {
  clearQuoteDraft,
  EMPTY_QUOTE_FORM,
  type QuoteDraft,
  type QuoteFormValues,
  readQuoteDraft,
  writeQuoteDraft,
} from "#app/lib/quote-draft.ts";
import { QUOTE_DESCRIPTION_MAX, QUOTE_FORM_FIELDS } from "#app/lib/schemas/quote-constants.ts";
import { QuoteResult } from "./QuoteResult.tsx";
import { SAVE_QUOTE_FETCHER, SaveQuote, type SaveQuoteAnswer } from "./SaveQuote.tsx";

/** What the generator's action answers (server/web/answers.ts for a refusal). */
export type QuoteGeneratorAnswer =
  | { ok: true; quote: QuoteDraft }
  | { ok: false; message: string; fieldErrors?: Partial<Record<string, string>> };

// The form's browser check; the action applies the same schema again.
const quoteFormCheck = onFirstUse(() =>
  import("#app/lib/schemas/quote.ts").then((schemas) => schemas.quoteFormSchema),
);

/** The spec's message for a generation that failed (agent-portal spec, error catalogue). */
export const GENERATE_FAILED = "Failed to generate quote. Please try again.";

type Errors = Partial<Record<string, string>>;

/**
 * The keyboard to the first field the errors name, in the order the form shows them, which then
 * reads its error; false when they name none of its fields.
 */
function focusFirstError(form: HTMLFormElement | null, errors: Errors): boolean {
  const first = QUOTE_FORM_FIELDS.find((name) => errors[name]);
  const control = first ? form?.elements.namedItem(first) : null;
  if (!(control instanceof HTMLElement)) return false;
  control.focus();
  return true;
}

/**
 * The Quote Generator: the spec's form, checked in the browser by the same schema the action
 * applies; Generate shows progress and then the quote, which is kept as a draft in this tab's
 * sessionStorage until Start Over (a reload shows it again).
 */
export function QuoteGenerator({
  prefill = null,
}: {
  /** A customer's details to start from (the dashboard's Quick Actions); replaces the tab's draft. */
  prefill?: Partial<QuoteFormValues> | null;
}) {
  const fetcher = useFetcher<QuoteGeneratorAnswer>({ key: "generate-quote" });
  const busy = fetcher.state !== "idle";
  // Before JavaScript runs the form posts as a document, and the answer comes as action data.
  const documentAnswer = useActionData<QuoteGeneratorAnswer>();
  const answer = fetcher.data ?? documentAnswer;
  const [values, setValues] = useState<QuoteFormValues>({ ...EMPTY_QUOTE_FORM, ...prefill });
  const [quote, setQuote] = useState<QuoteDraft | null>(null);
  /** The browser's own check, and the answer it was made after (a newer answer replaces it). */
  const [checked, setChecked] = useState<{ from: unknown; errors: Errors }>();
  /** The answer Start Over put away: neither its quote nor its refusal shows again. */
  const [dismissed, setDismissed] = useState<unknown>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Save Quote's answer: a refused email (another company's customer, decision 0021) is this
  // form's field error until the agent edits that field, generates again or starts over.
  const saveFetcher = useFetcher<SaveQuoteAnswer>({ key: SAVE_QUOTE_FETCHER });
  const saveAnswer = saveFetcher.state === "idle" ? saveFetcher.data : undefined;
  const [saveSeen, setSaveSeen] = useState<unknown>(null);
  const saveErrors: Errors =
    saveAnswer && !saveAnswer.ok && saveAnswer !== saveSeen ? (saveAnswer.fieldErrors ?? {}) : {};
  useEffect(() => {
    if (saveAnswer && !saveAnswer.ok && saveAnswer.fieldErrors) {
      focusFirstError(formRef.current, saveAnswer.fieldErrors);
    }
  }, [saveAnswer]);

  // The draft of this tab, after a reload (read once the page runs in the browser). A customer
  // chosen on the dashboard starts a new quote, unless the draft is already theirs.
  // The same goes for a description the assistant drafted: the draft comes back only when it
  // already holds every value the link brought.
  const prefillKey = prefill ? JSON.stringify(prefill) : null;
  const prefillRef = useRef(prefill);
  prefillRef.current = prefill;
  useEffect(() => {
    const draft = readQuoteDraft();
    if (!draft) return;
    const brought = prefillKey === null ? null : prefillRef.current;
    const differs = QUOTE_FORM_FIELDS.some(
      (field) => brought?.[field] !== undefined && brought[field] !== draft.values[field],
    );
    if (differs) return;
    setValues(draft.values);
    setQuote(draft.quote);
  }, [prefillKey]);

  // A new quote is shown, kept with the form it came from, and scrolled to.
  const [shownAnswer, setShownAnswer] = useState<unknown>(null);
  useEffect(() => {
    if (!answer?.ok || answer === shownAnswer || answer === dismissed) return;
    setShownAnswer(answer);
    setQuote(answer.quote);
    writeQuoteDraft({ values, quote: answer.quote });
    resultRef.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, [answer, shownAnswer, dismissed, values]);

  const live = answer !== dismissed ? answer : undefined;
  // Without JavaScript (and in the server's HTML) the action's answer is the quote to show.
  const shown = quote ?? (live?.ok ? live.quote : null);
  const errors: Errors = {
    ...saveErrors,
    ...(checked && checked.from === live
      ? checked.errors
      : live && !live.ok
        ? (live.fieldErrors ?? {})
        : {}),
  };
  const banner =
    live && !live.ok && !(checked && checked.from === live) && !live.fieldErrors
      ? live.message || GENERATE_FAILED
      : null;

  const field = (name: keyof QuoteFormValues) => ({
    name,
    value: values[name],
    error: errors[name],
    readOnly: busy,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      const next = { ...values, [name]: value };
      setValues(next);
      if (saveErrors[name]) setSaveSeen(saveAnswer);
      if (!quote) return;
      // The draft is for the customer the form names, as it is for its description: Save Quote
      // sends that customer, so an email corrected after a refusal is the one saved.
      const { description: _, ...customer } = next;
      const drafted = quote.customerInfo ? { ...quote, customerInfo: customer } : quote;
      setQuote(drafted);
      writeQuoteDraft({ values: next, quote: drafted });
    },
  });

  const startOver = () => {
    clearQuoteDraft();
    setValues(EMPTY_QUOTE_FORM);
    setQuote(null);
    setChecked(undefined);
    setDismissed(answer ?? null);
    setSaveSeen(saveAnswer);
  };

  return (
    <div className="space-y-8">
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        aria-busy={busy || undefined}
        className="space-y-6"
        onFocus={() => void quoteFormCheck.load()}
        onSubmit={(event) =>
          submitWhenLoaded(quoteFormCheck, event, (quoteFormSchema) => {
            const form = event.currentTarget;
            const parsed = quoteFormSchema.safeParse(Object.fromEntries(new FormData(form)));
            const found: Errors = firstErrorPerField(parsed.error?.issues ?? []);
            const first = QUOTE_FORM_FIELDS.find((name) => found[name]);
            if (!first) {
              setChecked(undefined);
              setDismissed(null);
              setSaveSeen(saveAnswer);
              return;
            }
            // Nothing is sent; the keyboard goes to the first field to fix, which reads its error.
            event.preventDefault();
            setChecked({ from: live, errors: found });
            focusFirstError(form, found);
          })
        }
      >
        {banner ? <ErrorAlert>{banner}</ErrorAlert> : null}
        <FormSection title="Customer">
          <TextField
            label="Company name *"
            required
            autoComplete="organization"
            maxLength={200}
            {...field("companyName")}
          />
          <TextField
            label="Company website *"
            required
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="example.com"
            hint="https:// is added when you leave it out."
            {...field("companyWebsite")}
          />
          <TextField
            label="Contact name *"
            required
            autoComplete="name"
            maxLength={200}
            {...field("contactName")}
          />
          <TextField
            label="Contact email *"
            required
            type="email"
            autoComplete="email"
            {...field("contactEmail")}
          />
        </FormSection>
        <FormSection title="What does the customer need?">
          <TextareaField
            className="sm:col-span-2"
            label="Description *"
            required
            rows={5}
            maxLength={QUOTE_DESCRIPTION_MAX}
            hint="In plain words: lines and devices, carriers, features, budget, term. For example: “12 iPhones and 3 hotspots on Verizon, unlimited data, under $60 a line, 24 months”."
            {...field("description")}
          />
        </FormSection>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {/* Without JavaScript, opening the page again is the fresh start. */}
          <Link
            to="/dashboard/quotes/new"
            className={buttonClass("secondary")}
            onClick={(event) => {
              event.preventDefault();
              startOver();
            }}
          >
            Start Over
          </Link>
          <Button type="submit" disabled={busy}>
            {busy ? "Generating..." : "Generate Quote"}
          </Button>
        </div>
      </fetcher.Form>

      <div ref={resultRef} className="scroll-mt-6">
        {busy ? (
          <div
            role="status"
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="text-sm font-medium">Generating quote...</p>
            <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-24 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />
          </div>
        ) : shown ? (
          <QuoteResult
            quote={shown}
            actions={<SaveQuote quote={shown} description={values.description} />}
          />
        ) : null}
      </div>
    </div>
  );
}
