import { APIError, getSessionFromCtx } from "better-auth/api";
import type { AuthHookContext } from "./hook-context.ts";
import { mayCarrySession, withoutSecrets } from "./sign-in-answers.ts";

/**
 * Session tokens stay on the server and in the HttpOnly cookie (issue 12): page scripts never
 * read one, so a script injected into a page cannot carry a session away.
 */

/**
 * After: every JSON answer of the auth API that goes out over HTTP (get-session, list-sessions,
 * change-password, update-user…) loses its tokens and password fields, as every answer that may
 * carry a session does even in-process. Our own services call Better Auth in-process and keep
 * what they need (revoking a session by its token, say); those answers never reach a browser.
 */
export async function withoutTokens(ctx: AuthHookContext): Promise<unknown> {
  const overHttp = ctx.request instanceof Request;
  if (!overHttp && !mayCarrySession(ctx.path)) return;
  const returned: unknown = ctx.context.returned;
  if (typeof returned !== "object" || returned === null) return;
  if (returned instanceof Response || returned instanceof Error) return;
  const kept = withoutSecrets(returned);
  return typeof kept === "object" && kept !== null ? ctx.json(kept) : undefined;
}

/**
 * Before: /revoke-session names a session by the `id` that list-sessions shows (the token is no
 * longer shown); only the caller's own sessions can be named. A token still works as before.
 */
export async function revokeSessionById(ctx: AuthHookContext): Promise<unknown> {
  if (ctx.path !== "/revoke-session") return;
  const body: unknown = ctx.body;
  if (typeof body !== "object" || body === null) return;
  const id: unknown = Reflect.get(body, "id");
  if (typeof id !== "string" || typeof Reflect.get(body, "token") === "string") return;
  const current = await getSessionFromCtx(ctx);
  // No session: Better Auth refuses the call itself.
  if (!current) return;
  const sessions = await ctx.context.internalAdapter.listSessions(current.user.id);
  const target = sessions.find((session) => session.id === id);
  if (!target) {
    throw new APIError("NOT_FOUND", {
      code: "SESSION_NOT_FOUND",
      message: "That session has already ended",
    });
  }
  return { context: { body: { token: target.token } } };
}

/**
 * Before: a password change always ends every other session, as the account page's does (issue
 * 12): whoever knew the old password is signed out everywhere, however the API is called.
 */
export async function alwaysRevokeOtherSessions(ctx: AuthHookContext): Promise<unknown> {
  if (ctx.path !== "/change-password") return;
  const body: unknown = ctx.body;
  if (typeof body !== "object" || body === null) return;
  return { context: { body: { ...body, revokeOtherSessions: true } } };
}
