import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import {
  GENERATE_FAILED,
  QuoteGenerator,
  type QuoteGeneratorAnswer,
} from "#app/components/quotes/QuoteGenerator.tsx";
import type { SaveQuoteAnswer } from "#app/components/quotes/SaveQuote.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import {
  quoteDescriptionSchema,
  quoteFormSchema,
  quoteRequestOfForm,
  SAVE_FAILED,
  saveQuoteFormSchema,
  saveRequestOfForm,
} from "#app/lib/schemas/quote.ts";
import { getCustomer } from "#server/customers/index.ts";
import { isDomainError } from "#server/platform/errors.ts";
import {
  generateQuote,
  limitGenerateQuote,
  needsReaderOf,
  recordQuoteGenerated,
  saveQuote,
} from "#server/quotes/index.ts";
import { invalidForm, refusedAction } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { formFields, parseFields, readForm } from "#server/web/forms.ts";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => [{ title: "Quote Generator | Carrierline" }];

/**
 * What fills the form when another screen sent the agent here: the customer's details when the
 * dashboard's Send Proposal or Requote did (`?customer=<id>`), the description when the assistant
 * drafted a quote (`?description=…`). An id that is not one of the company's customers, or a
 * description the generator would refuse, fills nothing. (Without either the loader still makes
 * every visit ask the server, so the portal guard notices a session that ended meanwhile.)
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const description = quoteDescriptionSchema.safeParse(params.get("description") ?? "");
  const described = description.success ? { description: description.data } : null;
  const id = z.uuid().safeParse(params.get("customer"));
  if (!id.success) return { prefill: described };
  try {
    const customer = await getCustomer(userCtx(context), id.data);
    return {
      prefill: {
        companyName: customer.companyName,
        companyWebsite: customer.companyWebsite ?? "",
        contactName: customer.name,
        contactEmail: customer.email ?? "",
        ...described,
      },
    };
  } catch (error) {
    if (isDomainError(error)) return { prefill: described };
    throw error;
  }
}

/**
 * Generate (the default intent): the agent's rate limit (shared with POST /api/generate-quote),
 * the shared schema again, then the engine; the draft is not stored. Save (`intent=save`): the
 * customer, the description and the needs the agent saw, priced again on the server and stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const formData = formFields(await readForm(request));
  if (formData.intent === "save") {
    const form = parseFields(formData, saveQuoteFormSchema);
    if (!form.ok) return invalidForm(form.fieldErrors, SAVE_FAILED);
    try {
      const saved = await saveQuote(ctx, saveRequestOfForm(form.data));
      // The page clears the tab's draft before it opens the list; a form posted without
      // JavaScript has no draft to clear and goes straight there.
      if (formData.answer !== "data") return redirect("/dashboard/quotes");
      return { ok: true, id: saved.id } satisfies SaveQuoteAnswer;
    } catch (error) {
      if (isDomainError(error)) return refusedAction(error);
      ctx.ports.logger.error({ err: error }, "a quote could not be saved");
      return data<SaveQuoteAnswer>({ ok: false, message: SAVE_FAILED }, { status: 500 });
    }
  }
  const limited = await limitGenerateQuote(ctx);
  if (limited) return refusedAction(limited);
  const form = parseFields(formData, quoteFormSchema);
  if (!form.ok) return invalidForm(form.fieldErrors);
  try {
    const quote = await generateQuote(ctx, quoteRequestOfForm(form.data), {
      reader: needsReaderOf(ctx),
    });
    await recordQuoteGenerated(ctx, quote);
    return { ok: true, quote } satisfies QuoteGeneratorAnswer;
  } catch (error) {
    if (isDomainError(error)) return refusedAction(error);
    ctx.ports.logger.error({ err: error }, "a quote could not be generated");
    return data<QuoteGeneratorAnswer>({ ok: false, message: GENERATE_FAILED }, { status: 500 });
  }
}

/** A refused Generate's wait (the rate limit) reaches a document request too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

export function ErrorBoundary() {
  return <RouteError message={GENERATE_FAILED} />;
}

export default function NewQuote({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageBar
        title="Quote Generator"
        actions={
          <Link to="/dashboard/quotes" className={buttonClass("secondary")}>
            Saved quotes
          </Link>
        }
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Describe what the business needs in plain words; the generator prices it from the catalog
          across AT&amp;T, Verizon and T-Mobile and recommends an option.
        </p>
      </PageBar>
      <QuoteGenerator prefill={loaderData.prefill} />
    </main>
  );
}
