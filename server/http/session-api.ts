import { type Context, Hono } from "hono";
import { type SessionAnswer, signOutRequestSchema } from "#app/lib/schemas/session.ts";
import {
  refreshSession,
  sessionFromHeaders,
  sessionUserView,
  signOutScope,
} from "#server/accounts/index.ts";
import type { CachedSession } from "#server/platform/context.ts";
import { refuse } from "#server/platform/errors.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { sameOriginWrites } from "./api-guard.ts";
import { apiRefusal } from "./errors.ts";
import type { RequestLogVariables } from "./request-logging.ts";
import { smallJsonBody } from "./waitlist-api.ts";

type Env = { Variables: RequestLogVariables };

const SIGNED_OUT = refuse("unauthenticated", "You must be signed in.");

/** The session as the browser's session manager sees it: who, until when, and the server's now. */
function toAnswer(session: CachedSession): SessionAnswer {
  return {
    user: sessionUserView(session.user),
    expiresAt: new Date(session.expiresAt).toISOString(),
    serverTime: new Date().toISOString(),
  };
}

/** Sends the Set-Cookie lines along and keeps every answer out of any cache. */
function answer(c: Context<Env>, cookies: Headers, session: CachedSession | null) {
  for (const cookie of cookies.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
  c.header("Cache-Control", "no-store");
  return session ? c.json(toAnswer(session)) : apiRefusal(c, SIGNED_OUT);
}

/**
 * /api/session: what the browser's session manager (app/lib/session-manager.ts) reads, extends
 * and ends. The cookie stays httpOnly; no answer carries a token.
 */
export function sessionApi(runtime: Runtime) {
  const api = new Hono<Env>();
  api.use(sameOriginWrites(runtime));

  api.get("/", async (c) => {
    // Reading counts as use: when Better Auth slides the session, the renewed cookie goes along.
    const cookies = new Headers();
    return answer(c, cookies, await sessionFromHeaders(runtime, c.req.raw.headers, cookies));
  });

  api.post("/refresh", async (c) => {
    const refreshed = await refreshSession(runtime, { headers: c.req.raw.headers });
    return answer(c, refreshed.headers, refreshed.session);
  });

  api.post("/sign-out", smallJsonBody, async (c) => {
    const body = signOutRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) {
      return apiRefusal(c, refuse("invalid", "Choose which sessions to sign out."));
    }
    const result = await signOutScope(runtime, {
      headers: c.req.raw.headers,
      scope: body.data.scope,
    });
    for (const cookie of result.headers.getSetCookie()) {
      c.header("Set-Cookie", cookie, { append: true });
    }
    c.header("Cache-Control", "no-store");
    if (result.outcome === "no-session") return apiRefusal(c, SIGNED_OUT);
    // The auth service failed (logged where it did): no refusal, a server error.
    if (result.outcome === "failed") {
      return c.json({ error: "We could not sign you out. Please try again." }, 500);
    }
    return c.body(null, 204);
  });

  return api;
}
