import { isAPIError } from "better-auth/api";
import type { SessionUserView, SignOutScope } from "#app/lib/schemas/session.ts";
import { withClientAddress } from "#server/auth/client-address.ts";
import type { Auth, AuthUser } from "#server/auth/index.ts";
import { BANNED_USER_CODE } from "#server/auth/options.ts";
import type { SessionCache } from "#server/auth/session-cache.ts";
import { ACCOUNT_LOCKED_CODE } from "#server/auth/sign-in-lockout.ts";
import type { AppConfig } from "#server/platform/config.ts";
import type { Actor, CachedSession, ServiceContext } from "#server/platform/context.ts";
import type { Logger } from "#server/platform/logger.ts";
import { type AddressLimit, limitPerAddress } from "./address-limit.ts";
import { asksForSecondStep, authAnswer, cookieHeaders, readRefusal } from "./auth-answer.ts";
import { isPlatformOperator } from "./operators.ts";
import { done, type Outcome, refuse } from "./outcome.ts";

/** What the pages may know about the signed-in agent; never tokens or hashes. */
export type SessionUser = Actor;

/**
 * What the session lookups need from the process: beside the auth service, the session cache
 * that this process shares across requests (decision 0004). The process runtime has all of it.
 */
export type SessionRuntime = {
  auth: Auth;
  config: AppConfig;
  sessions: SessionCache<CachedSession>;
  logger: Logger;
};

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

function toSessionUser(config: AppConfig, user: AuthUser): SessionUser | null {
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
    platformOperator: isPlatformOperator(config, user),
  };
}

/**
 * Asks Better Auth about the session behind these headers and applies our absolute cap. Better
 * Auth slides the session (and, in `setCookies`, renews the cookie) when its refresh interval has
 * passed; a session past the cap is revoked here.
 */
async function verifySession(
  runtime: Pick<SessionRuntime, "auth" | "config">,
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
  const user = session ? toSessionUser(runtime.config, session.user) : null;
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
  runtime: Pick<SessionRuntime, "auth" | "sessions" | "config">,
  headers: Headers,
  setCookies?: Headers,
): Promise<CachedSession | null> {
  const cookie = headers.get("cookie");
  // Neither a cookie nor a token: no session to find, and asking Better Auth (its context, its
  // validation) was most of an anonymous data request's own CPU (issue 19, the blog list data).
  if (!cookie && !headers.has("authorization")) return null;
  const verify = () => verifySession(runtime, headers, setCookies);
  // Anything but cookies (a bearer token, say) goes to Better Auth every time.
  return cookie && !headers.has("authorization")
    ? runtime.sessions.lookup(cookie, verify)
    : verify();
}

/** The signed-in agent behind these request headers, or null. */
export async function sessionUserFromHeaders(
  runtime: Pick<SessionRuntime, "auth" | "sessions" | "config">,
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
  runtime: Pick<SessionRuntime, "auth" | "config">,
  input: { headers: Headers },
): Promise<{ session: CachedSession | null; headers: Headers }> {
  const setCookies = new Headers();
  try {
    return {
      session: await verifySession(runtime, input.headers, setCookies),
      headers: setCookies,
    };
  } catch (error) {
    // Better Auth refuses (401) when the session went between its read and its update.
    if (isAPIError(error)) return { session: null, headers: setCookies };
    throw error;
  }
}

/**
 * Per client address, for the page's own calls (server-side calls skip Better Auth's per-IP
 * limiter): as many a minute as the sign-in endpoints take (SIGN_IN_RATE_LIMIT, README).
 */
export const signInPageLimit = (ctx: ServiceContext): AddressLimit => ({
  key: "sign-in-ip",
  perMinute: ctx.config.signInRateLimit,
});

export type SignedIn = {
  /** Set-Cookie lines for the browser: the session, or the pending second-step cookie. */
  headers: Headers;
  /**
   * Right password, and the account has a second factor: no session yet. The headers carry
   * Better Auth's pending second-step cookie; /login/two-factor finishes the sign-in.
   */
  twoFactor: boolean;
};

/**
 * Signs in with username and password. Refused: wrong credentials (one answer, whether or not the
 * account exists), too many attempts, an account locked after too many failures (the message says
 * for how long), or one an administrator suspended (said only after the right password, so it
 * reveals nothing new).
 */
export async function signInWithUsername(
  ctx: ServiceContext,
  input: {
    headers: Headers;
    /** The browser's address, for a sign-in someone typed; absent for one the server makes. */
    clientAddress?: string;
    username: string;
    password: string;
  },
): Promise<Outcome<SignedIn>> {
  const { username, password, clientAddress } = input;
  if (clientAddress !== undefined) {
    const busy = await limitPerAddress(ctx, clientAddress, signInPageLimit(ctx));
    if (busy) return busy;
  }
  // The lockout counts per account and address: it reads the address the server resolved.
  const headers = withClientAddress(input.headers, clientAddress ?? "server");
  const response = await authAnswer(() =>
    ctx.auth.api.signInUsername({ body: { username, password }, headers, asResponse: true }),
  );
  if (response.ok) {
    return done({ headers: cookieHeaders(response), twoFactor: await asksForSecondStep(response) });
  }
  const refusal = await readRefusal(response);
  if (refusal.kind === "rate_limited") {
    return refusal.code === ACCOUNT_LOCKED_CODE && refusal.message
      ? refuse("rate_limited", refusal.message, { code: refusal.code })
      : refuse("rate_limited", "Too many sign-in attempts. Please wait a minute and try again.");
  }
  if (refusal.kind === "fault") {
    ctx.ports.logger.error({ status: refusal.status }, "sign-in failed on the server");
  }
  if (refusal.code === BANNED_USER_CODE && refusal.message) {
    return refuse("forbidden", refusal.message, { code: refusal.code });
  }
  return refuse("invalid", "Invalid credentials");
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
  runtime: SessionRuntime,
  input: { headers: Headers; scope: SignOutScope },
): Promise<SignOutOutcome> {
  const { auth, logger } = runtime;
  const { headers, scope } = input;
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
  const refusal = await readRefusal(response);
  // No live session to act for (it ended meanwhile): signed out either way.
  if (SESSION_GONE.has(refusal.kind)) return result("no-session");
  logger.warn({ status: refusal.status, scope }, "sign-out answered with an error");
  return result("failed");
}

const SESSION_GONE = new Set(["unauthenticated", "forbidden", "not_found"]);
