import { isAPIError } from "better-auth/api";
import type { SessionUserView, SignOutScope } from "#app/lib/schemas/session.ts";
import type { AuthUser } from "#server/auth/index.ts";
import { BANNED_USER_CODE } from "#server/auth/options.ts";
import { ACCOUNT_LOCKED_CODE } from "#server/auth/sign-in-lockout.ts";
import type { Actor, CachedSession, ServiceContext } from "#server/platform/context.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { authAnswer, readRefusal } from "./auth-answer.ts";

/** What the pages may know about the signed-in agent; never tokens or hashes. */
export type SessionUser = Actor;

/** The agent as the browser may see them (the session API and the portal layout). */
export function sessionUserView(user: SessionUser): SessionUserView {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    company: user.company,
  };
}

function toSessionUser(user: AuthUser): SessionUser | null {
  // An account without a company cannot see any company data, so it is treated as signed out.
  if (!user.companyId || !user.username) return null;
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    role: user.role ?? "agent",
    companyId: user.companyId,
    company: user.company ?? null,
  };
}

/**
 * Asks Better Auth about the session behind these headers and applies our absolute cap. Better
 * Auth slides the session (and, in `setCookies`, renews the cookie) when its refresh interval has
 * passed; a session past the cap is revoked here.
 */
async function verifySession(
  runtime: Pick<Runtime, "auth" | "config">,
  headers: Headers,
  setCookies?: Headers,
): Promise<CachedSession | null> {
  const pass = (from: Headers) => {
    if (!setCookies) return;
    for (const cookie of from.getSetCookie()) setCookies.append("Set-Cookie", cookie);
  };
  const answer = await runtime.auth.api.getSession({ headers, returnHeaders: true });
  pass(answer.headers);
  const session = answer.response;
  const user = session ? toSessionUser(session.user) : null;
  if (!session || !user) return null;
  // Each use slides a session's expiry; this cap (SESSION_MAX_AGE_HOURS) ends even a busy one.
  const endsAt = session.session.createdAt.getTime() + runtime.config.session.maxAgeSeconds * 1000;
  if (endsAt <= Date.now()) {
    const revoked = await runtime.auth.api.revokeSession({
      headers,
      body: { token: session.session.token },
      returnHeaders: true,
    });
    pass(revoked.headers);
    return null;
  }
  return { user, expiresAt: Math.min(session.session.expiresAt.getTime(), endsAt) };
}

/**
 * The session behind these request headers, or null; the one lookup pages and API share.
 * Better Auth reads the session from the Cookie header alone, so that header is the cache key: a
 * hit needs the very cookies Better Auth verified, byte for byte. When the lookup reaches Better
 * Auth and it slides the session, the renewed cookie lands in `setCookies` (if given).
 */
export async function sessionFromHeaders(
  runtime: Pick<Runtime, "auth" | "sessions" | "config">,
  headers: Headers,
  setCookies?: Headers,
): Promise<CachedSession | null> {
  const cookie = headers.get("cookie");
  const verify = () => verifySession(runtime, headers, setCookies);
  // Anything but cookies (a bearer token, say) goes to Better Auth every time.
  return cookie && !headers.has("authorization")
    ? runtime.sessions.lookup(cookie, verify)
    : verify();
}

/** The signed-in agent behind these request headers, or null. */
export async function sessionUserFromHeaders(
  runtime: Pick<Runtime, "auth" | "sessions" | "config">,
  headers: Headers,
): Promise<SessionUser | null> {
  return (await sessionFromHeaders(runtime, headers))?.user ?? null;
}

/**
 * Extends the session now (POST /api/session/refresh) and hands back the renewed cookie. Better
 * Auth slides a session once its refresh interval (at most a quarter of the idle limit) has
 * passed, which always holds in the last 90 s the browser's session manager refreshes in; the
 * answer never reaches past the absolute cap. Skips the cache: the answer must be the database's.
 */
export async function refreshSession(
  runtime: Pick<Runtime, "auth" | "config">,
  headers: Headers,
): Promise<{ session: CachedSession | null; headers: Headers }> {
  const setCookies = new Headers();
  try {
    return { session: await verifySession(runtime, headers, setCookies), headers: setCookies };
  } catch (error) {
    // Better Auth refuses (401) when the session went between its read and its update.
    if (isAPIError(error)) return { session: null, headers: setCookies };
    throw error;
  }
}

export type SignInResult =
  | { ok: true; headers: Headers }
  /**
   * Right password, and the account has a second factor: no session yet. The headers carry
   * Better Auth's pending second-step cookie; /login/two-factor finishes the sign-in.
   */
  | { ok: true; twoFactor: true; headers: Headers }
  | { ok: false; reason: "invalid" | "rate_limited" }
  /**
   * Too many failed sign-ins for this account (the message says for how long), or an account an
   * administrator suspended (shown only after the right password, so it reveals nothing new).
   */
  | { ok: false; reason: "locked" | "banned"; message: string };

export async function signInWithUsername(
  ctx: ServiceContext,
  input: { headers: Headers; username: string; password: string },
): Promise<SignInResult> {
  const { auth } = ctx;
  const { logger } = ctx.ports;
  const { headers, ...credentials } = input;
  const response = await authAnswer(() =>
    auth.api.signInUsername({
      body: { username: credentials.username, password: credentials.password },
      headers,
      asResponse: true,
    }),
  );
  if (response.status === 429) {
    const refusal = await readRefusal(response);
    if (refusal.code === ACCOUNT_LOCKED_CODE && refusal.message) {
      return { ok: false, reason: "locked", message: refusal.message };
    }
    return { ok: false, reason: "rate_limited" };
  }
  if (!response.ok) {
    if (response.status >= 500)
      logger.error({ status: response.status }, "sign-in failed on the server");
    const refusal = await readRefusal(response);
    if (refusal.code === BANNED_USER_CODE && refusal.message) {
      return { ok: false, reason: "banned", message: refusal.message };
    }
    return { ok: false, reason: "invalid" };
  }
  const body: unknown = await response.json().catch(() => null);
  const twoFactor =
    typeof body === "object" && body !== null && Reflect.get(body, "twoFactorRedirect") === true;
  if (twoFactor) return { ok: true, twoFactor: true, headers: cookieHeaders(response) };
  return { ok: true, headers: cookieHeaders(response) };
}

export type SignOutOutcome = {
  /** done: the sessions ended; no-session: there was none to act for; failed: the server erred. */
  outcome: "done" | "no-session" | "failed";
  /** Set-Cookie lines for the browser (clearing its cookie when this session ended). */
  headers: Headers;
};

/**
 * Ends sessions of the agent behind these headers: this one (local), every other one (others) or
 * all (global). Without a live session only the browser's stale cookie is cleared.
 */
export async function signOutScope(
  runtime: Pick<Runtime, "auth" | "sessions" | "config" | "logger">,
  headers: Headers,
  scope: SignOutScope,
): Promise<SignOutOutcome> {
  const { auth, logger } = runtime;
  const current = await sessionFromHeaders(runtime, headers);
  const response = await authAnswer(() => {
    if (!current || scope === "local") return auth.api.signOut({ headers, asResponse: true });
    if (scope === "others") return auth.api.revokeOtherSessions({ headers, asResponse: true });
    // Deletes every session of the agent, this one included, and clears this browser's cookie.
    return auth.api.revokeSessions({ headers, asResponse: true });
  });
  const result = (outcome: SignOutOutcome["outcome"]) => ({
    outcome,
    headers: cookieHeaders(response),
  });
  if (!current) return result("no-session");
  if (response.ok) return result("done");
  // 401/403/404 mean there was no live session (it ended meanwhile): signed out either way.
  if ([401, 403, 404].includes(response.status)) return result("no-session");
  logger.warn({ status: response.status, scope }, "sign-out answered with an error");
  return result("failed");
}

/** The Set-Cookie lines of an auth answer, to pass on to the browser. */
export function cookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
