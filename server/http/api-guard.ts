import type { Context, MiddlewareHandler } from "hono";
import { type Access, holdsAny } from "#app/lib/access.ts";
import { type SessionUser, sessionUserFromHeaders } from "#server/accounts/index.ts";
import { type UserContext, withUser } from "#server/platform/context.ts";
import { refuse } from "#server/platform/errors.ts";
import { type Runtime, serviceContext } from "#server/runtime.server.ts";
import { CROSS_SITE_MESSAGE } from "#server/web/same-origin.ts";
import { apiRefusal } from "./errors.ts";
import type { RequestLogVariables } from "./request-logging.ts";

/**
 * Routes under /api see the request log (set by the app) and, once guarded, the user and the
 * service context that acts for them.
 */
export type ApiEnv = { Variables: { user: SessionUser; ctx: UserContext } & RequestLogVariables };

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every /api route that touches company data sits behind this: no session, 401; a write from
 * another origin, 403 (browsers always send Origin on cross-site writes; SameSite=Lax is the
 * first line, this is the second).
 */
export function requireApiUser(runtime: Runtime): MiddlewareHandler<ApiEnv> {
  const sameOrigin = sameOriginWrites(runtime);
  return async (c, next) => {
    const refused = await sameOrigin(c, async () => {});
    if (refused) return refused;
    const user = await sessionUserFromHeaders(runtime, c.req.raw.headers);
    if (!user) return apiRefusal(c, refuse("unauthenticated", "You must be signed in."));
    c.set("user", user);
    c.set("ctx", withUser(serviceContext(runtime), user));
    await next();
  };
}

/** A write from another origin gets 403; reads and same-origin writes go on. */
export function sameOriginWrites(runtime: Runtime): MiddlewareHandler {
  const expectedOrigin = new URL(runtime.config.baseUrl).origin;
  return async (c, next) => {
    if (UNSAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (origin && origin !== expectedOrigin) {
        return apiRefusal(c, refuse("forbidden", CROSS_SITE_MESSAGE));
      }
    }
    await next();
  };
}

/** Behind requireApiUser: anyone holding none of `anyOf` gets 403 (decision 0011). */
export function requireApiRole(...anyOf: [Access, ...Access[]]): MiddlewareHandler<ApiEnv> {
  const message = anyOf.includes("admin")
    ? "Only administrators can do this."
    : "Only platform operators can do this.";
  return async (c, next) => {
    if (!holdsAny(c.get("user"), anyOf)) return apiRefusal(c, refuse("forbidden", message));
    await next();
  };
}

export function requireApiAdmin(): MiddlewareHandler<ApiEnv> {
  return requireApiRole("admin");
}

/** Answers a request whose input failed its schema. */
export function badRequest(c: Context, message = "The request is not valid.") {
  return apiRefusal(c, refuse("invalid", message));
}
