import { Hono } from "hono";
import { parseGenerateQuoteRequest } from "#app/lib/schemas/quote.ts";
import { refuse } from "#server/platform/errors.ts";
import {
  generateQuote,
  limitGenerateQuote,
  needsReaderOf,
  recordQuoteGenerated,
} from "#server/quotes/index.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { fieldErrorsOf } from "#server/web/forms.ts";
import { apiUserCtx } from "./api-context.ts";
import { type ApiEnv, requireApiUser } from "./api-guard.ts";
import { apiRefusal } from "./errors.ts";

/**
 * POST /api/generate-quote (issue 15): a description with the customer's details, or a bill
 * analysis (`{currentBill}`), to a priced draft quote, answered as `{quote}`. Signed-in agents
 * only, rate limited per agent (every call counts, a refused body too), the body read by the
 * shared schema (the request edge refuses a body over its limit or not JSON first), so a bad one is a 400 with its field messages, never a 500. Nothing is stored.
 */
export function quotesApi(runtime: Runtime) {
  const api = new Hono<ApiEnv>();
  const signedIn = requireApiUser(runtime);

  api.post("/generate-quote", signedIn, async (c) => {
    const ctx = apiUserCtx(runtime, c);
    const limited = await limitGenerateQuote(ctx);
    if (limited) return apiRefusal(c, limited);
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined)
      return apiRefusal(c, refuse("invalid", "The request body must be JSON."));
    const parsed = parseGenerateQuoteRequest(body);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      const message = parsed.error.issues[0]?.message ?? "The request is not valid.";
      return apiRefusal(c, refuse("invalid", message, { fieldErrors }));
    }
    const quote = await generateQuote(ctx, parsed.data, { reader: needsReaderOf(ctx) });
    await recordQuoteGenerated(ctx, quote);
    return c.json({ quote });
  });

  return api;
}
