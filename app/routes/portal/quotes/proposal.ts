import { QUOTE_NOT_FOUND } from "#app/lib/schemas/quote.ts";
import { proposalPdf } from "#server/quotes/index.ts";
import { answerLoader } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { downloadResponse } from "#server/web/downloads.ts";
import { recordIdParam } from "#server/web/forms.ts";
import type { Route } from "./+types/proposal";

/**
 * A quote's proposal as a PDF download (issue 15), rendered for each request from the saved quote
 * and the company's branding; another company's quote is 404, as on the quote page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const id = recordIdParam(params.quoteId, QUOTE_NOT_FOUND);
  // The file name is ASCII by construction (proposalFileName).
  return downloadResponse(await answerLoader(() => proposalPdf(ctx, { id })), "application/pdf");
}
