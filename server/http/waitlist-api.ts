import type { Context, Handler, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { analyticsEventSchema, waitlistSchema } from "#app/lib/schemas/waitlist.ts";
import { refuse } from "#server/platform/errors.ts";
import { type Runtime, serviceContext } from "#server/runtime.server.ts";
import { limitEvents, recordEvent, submitSignup } from "#server/site/index.ts";
import { clientAddress } from "./client-address.ts";
import { apiRefusal } from "./errors.ts";
import type { RequestLogVariables } from "./request-logging.ts";

type Env = { Variables: RequestLogVariables };

/** Small JSON bodies only: a sign-up is a few hundred bytes. */
export const smallJsonBody: MiddlewareHandler = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => c.json({ error: "The request is too large." }, 413),
});

async function readJson(c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

/**
 * POST /api/waitlist (and the old /.netlify/functions/waitlist): the spec's contract, with
 * {success:true} on success and a status with {error} otherwise.
 */
export function waitlistHandler(runtime: Runtime): Handler<Env> {
  return async (c) => {
    const json = await readJson(c);
    if (!json.ok) return apiRefusal(c, refuse("invalid", "The request body must be JSON."));
    const parsed = waitlistSchema.safeParse(json.body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Please check the form and try again.";
      return apiRefusal(c, refuse("invalid", message));
    }
    const address = clientAddress(c, runtime.config.proxyHops);
    const outcome = await submitSignup(serviceContext(runtime), {
      signup: parsed.data,
      address,
      userAgent: c.req.header("user-agent") ?? null,
    });
    if (!outcome.ok) return apiRefusal(c, outcome);
    if (outcome.value === "ignored") c.get("log").info({ address }, "waitlist honeypot filled");
    return c.json({ success: true });
  };
}

/** POST /api/events: the sign-up modal's analytics, stored first-party. */
export function eventsHandler(runtime: Runtime): Handler<Env> {
  return async (c) => {
    const ctx = serviceContext(runtime);
    const limited = await limitEvents(ctx, {
      address: clientAddress(c, runtime.config.proxyHops),
    });
    if (limited) return apiRefusal(c, limited);
    const json = await readJson(c);
    const parsed = json.ok ? analyticsEventSchema.safeParse(json.body) : null;
    if (!parsed?.success) return apiRefusal(c, refuse("invalid", "Not a known event."));
    await recordEvent(ctx, { event: parsed.data, userAgent: c.req.header("user-agent") ?? null });
    return c.body(null, 204);
  };
}
