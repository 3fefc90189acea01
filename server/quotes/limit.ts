import type { UserContext } from "#server/platform/context.ts";
import type { Refusal } from "#server/platform/errors.ts";
import { checkRate } from "#server/platform/rate-limit.ts";

/** Quotes one agent may generate a minute (POST /api/generate-quote, issue 15). */
export const GENERATE_QUOTE_LIMIT = 20;
export const GENERATE_QUOTE_WINDOW_SECONDS = 60;

/** The rate limit's words, with the wait in whole seconds. */
export function generateQuoteLimitMessage(retryAfterSeconds: number): string {
  return `Too many quotes generated. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`;
}

/**
 * Counts one call of the generator against the agent's limit (per user, kept in the database so
 * it holds across processes); a rate_limited refusal with the wait once it is passed.
 */
export function limitGenerateQuote(ctx: UserContext): Promise<Refusal | null> {
  return checkRate(ctx, {
    key: `generate-quote:${ctx.user.id}`,
    limit: GENERATE_QUOTE_LIMIT,
    windowSeconds: GENERATE_QUOTE_WINDOW_SECONDS,
    message: generateQuoteLimitMessage,
  });
}
