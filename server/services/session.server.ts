import type { AuthUser } from "../auth/index.ts";
import { ACCOUNT_LOCKED_CODE } from "../auth/sign-in-lockout.ts";
import { getRuntime, type Runtime } from "../runtime.ts";
import { authAnswer, readRefusal } from "./auth-answer.server.ts";

/** What the pages may know about the signed-in agent; never tokens or hashes. */
export type SessionUser = {
  id: string;
  name: string;
  username: string;
  email: string;
  role: string;
  companyId: string;
  company: string | null;
};

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
 * The signed-in agent behind these request headers, or null; the one lookup pages and API share.
 * Better Auth reads the session from the Cookie header alone, so that header is the cache key: a
 * hit needs the very cookies Better Auth verified, byte for byte.
 */
export async function sessionUserFromHeaders(
  runtime: Pick<Runtime, "auth" | "sessions" | "config">,
  headers: Headers,
): Promise<SessionUser | null> {
  const cookie = headers.get("cookie");
  const verify = async () => {
    const session = await runtime.auth.api.getSession({ headers });
    const user = session ? toSessionUser(session.user) : null;
    if (!session || !user) return null;
    // Each use slides a session's expiry; this cap (SESSION_MAX_AGE_HOURS) ends even a busy one.
    const endsAt =
      session.session.createdAt.getTime() + runtime.config.session.maxAgeSeconds * 1000;
    if (endsAt <= Date.now()) {
      await runtime.auth.api.revokeSession({ headers, body: { token: session.session.token } });
      return null;
    }
    return { user, expiresAt: Math.min(session.session.expiresAt.getTime(), endsAt) };
  };
  // Anything but cookies (a bearer token, say) goes to Better Auth every time.
  const cached =
    cookie && !headers.has("authorization")
      ? await runtime.sessions.lookup(cookie, verify)
      : await verify();
  return cached?.user ?? null;
}

// A page's layout and screen loaders both ask; they share the Request, so they share one lookup.
const lookups = new WeakMap<Request, Promise<SessionUser | null>>();

export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = getRuntime().then((runtime) => sessionUserFromHeaders(runtime, request.headers));
    lookups.set(request, lookup);
  }
  return lookup;
}

export type SignInResult =
  | { ok: true; headers: Headers }
  /**
   * Right password, and the account has a second factor: no session yet. The headers carry
   * Better Auth's pending second-step cookie; /login/two-factor finishes the sign-in.
   */
  | { ok: true; twoFactor: true; headers: Headers }
  | { ok: false; reason: "invalid" | "rate_limited" }
  /** Too many failed sign-ins for this account; the message says for how long. */
  | { ok: false; reason: "locked"; message: string };

export async function signInWithUsername(
  request: Request,
  credentials: { username: string; password: string },
): Promise<SignInResult> {
  const { auth, logger } = await getRuntime();
  const response = await authAnswer(() =>
    auth.api.signInUsername({
      body: { username: credentials.username, password: credentials.password },
      headers: request.headers,
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
    return { ok: false, reason: "invalid" };
  }
  const body: unknown = await response.json().catch(() => null);
  const twoFactor =
    typeof body === "object" && body !== null && Reflect.get(body, "twoFactorRedirect") === true;
  if (twoFactor) return { ok: true, twoFactor: true, headers: cookieHeaders(response) };
  return { ok: true, headers: cookieHeaders(response) };
}

export async function signOut(request: Request): Promise<Headers> {
  const { auth, logger } = await getRuntime();
  const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
  // 401/403/404 mean there was no live session: the browser is signed out either way.
  if (!response.ok && ![401, 403, 404].includes(response.status)) {
    logger.warn({ status: response.status }, "sign-out answered with an error");
  }
  return cookieHeaders(response);
}

/** The Set-Cookie lines of an auth answer, to pass on to the browser. */
export function cookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
