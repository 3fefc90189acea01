import { APIError, type createAuthMiddleware } from "better-auth/api";

/**
 * What every one of our Better Auth hooks works with. Its own module, so that the hooks and the
 * module that runs them in order (hooks.ts) depend on it rather than on each other.
 */

/** What one of our Better Auth hooks receives: the endpoint's context (path, body, headers). */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
export type AuthHook = (ctx: AuthHookContext) => Promise<unknown>;

type RefusalStatus = "BAD_REQUEST" | "FORBIDDEN";
const STATUS_CODES: Record<RefusalStatus, number> = { BAD_REQUEST: 400, FORBIDDEN: 403 };

/**
 * Replaces an endpoint's refusal from an "after" hook. Better Auth keeps the endpoint's own status
 * for a replaced error, so over HTTP the new answer goes out as a whole Response; a server-side
 * call (auth.api.*) gets the new code and message thrown as usual.
 */
export function replaceRefusal(
  ctx: AuthHookContext,
  status: RefusalStatus,
  body: { code: string; message: string },
): Response {
  if (ctx.request instanceof Request) return Response.json(body, { status: STATUS_CODES[status] });
  throw new APIError(status, body);
}
