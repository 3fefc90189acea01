import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, Handler, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { analyticsEventSchema, waitlistSchema } from "#app/lib/schemas/waitlist.ts";
import { hit } from "#server/platform/rate-limit.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { recordEvent } from "#server/site/analytics.ts";
import { submitSignup } from "#server/site/waitlist.ts";
import type { RequestLogVariables } from "./request-logging.ts";

type Env = { Variables: RequestLogVariables };

const EVENTS_PER_MINUTE = 60;

/** The client's address: the socket's, or the proxy's X-Forwarded-For when TRUST_PROXY is on. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

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
  const { database, mailer, config } = runtime;
  return async (c) => {
    const json = await readJson(c);
    if (!json.ok) return c.json({ error: "The request body must be JSON." }, 400);
    const parsed = waitlistSchema.safeParse(json.body);
    if (!parsed.success) {
      return c.json(
        { error: parsed.error.issues[0]?.message ?? "Please check the form and try again." },
        400,
      );
    }
    const address = clientAddress(c, config.trustProxy);
    const outcome = await submitSignup(
      { db: database.db, mailer, limitPerWindow: config.waitlistRateLimit },
      parsed.data,
      { address, userAgent: c.req.header("user-agent") ?? null },
    );
    if (outcome.status === "rate_limited") {
      c.header("Retry-After", String(outcome.retryAfterSeconds));
      return c.json({ error: outcome.message }, 429);
    }
    if (outcome.status === "ignored") c.get("log").info({ address }, "waitlist honeypot filled");
    return c.json({ success: true });
  };
}

/** POST /api/events: the sign-up modal's analytics, stored first-party. */
export function eventsHandler(runtime: Runtime): Handler<Env> {
  const { database, config } = runtime;
  return async (c) => {
    const address = clientAddress(c, config.trustProxy);
    const limit = await hit(database.db, `events:${address}`, EVENTS_PER_MINUTE, 60);
    if (!limit.allowed) return c.json({ error: "Too many events." }, 429);
    const json = await readJson(c);
    const parsed = json.ok ? analyticsEventSchema.safeParse(json.body) : null;
    if (!parsed?.success) return c.json({ error: "Not a known event." }, 400);
    await recordEvent(database.db, parsed.data, {
      userAgent: c.req.header("user-agent") ?? null,
    });
    return c.body(null, 204);
  };
}
