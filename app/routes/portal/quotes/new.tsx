import { data } from "react-router";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import {
  GENERATE_FAILED,
  QuoteGenerator,
  type QuoteGeneratorAnswer,
} from "#app/components/quotes/QuoteGenerator.tsx";
import { quoteFormSchema, quoteRequestOfForm } from "#app/lib/schemas/quote.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { generateQuote, limitGenerateQuote, needsReaderOf } from "#server/quotes/index.ts";
import { invalidForm, refusedAction } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => [{ title: "Quote Generator | Carrierline" }];

/**
 * Nothing to load, but a loader makes every visit ask the server, so the portal guard notices a
 * session that ended meanwhile.
 */
export async function loader() {
  return null;
}

/**
 * Generate: the agent's rate limit (shared with POST /api/generate-quote), the shared schema
 * again, then the engine. The quote is a draft: nothing is stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const limited = await limitGenerateQuote(ctx);
  if (limited) return refusedAction(limited);
  const form = await parseForm(request, quoteFormSchema);
  if (!form.ok) return invalidForm(form.fieldErrors);
  try {
    const quote = await generateQuote(ctx, quoteRequestOfForm(form.data), {
      reader: needsReaderOf(ctx),
    });
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

export default function NewQuote() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageBar title="Quote Generator">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Describe what the business needs in plain words; the generator prices it from the catalog
          across AT&amp;T, Verizon and T-Mobile and recommends an option.
        </p>
      </PageBar>
      <QuoteGenerator />
    </main>
  );
}
