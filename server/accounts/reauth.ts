import { FRESH_SESSION_SECONDS } from "#server/auth/fresh-session.ts";
import type { Auth } from "#server/auth/index.ts";
import type { Database } from "#server/db/client.ts";
import { activeFor, hit } from "#server/platform/rate-limit.ts";

/**
 * Reauthentication (issue 6): changing the password, the second factor or the sign-in phone needs
 * the current password, or a session younger than 15 minutes. Every such action asks here.
 */

export const REAUTH_REQUIRED_CODE = "REAUTH_REQUIRED";
export const REAUTH_REQUIRED_MESSAGE =
  "For your security, enter your current password to make this change.";
export const WRONG_PASSWORD_MESSAGE = "Your current password is incorrect";

export type ReauthResult =
  | { ok: true; sessionId: string }
  | {
      ok: false;
      reason: "signed-out" | "required" | "wrong-password" | "too-many";
      message: string;
    };

/** A password typed here counts as a fresh sign-in for this session, for as long as one would. */
const grantKey = (sessionId: string) => `reauth:${sessionId}`;
/** Wrong passwords typed here, per account: the same bound as sign-in (10 in 15 minutes). */
const failuresKey = (userId: string) => `reauth-failures:${userId}`;
const MAX_WRONG_PASSWORDS = 10;

/** Whether this session may make a sensitive change without the password right now. */
export async function isRecentlyAuthenticated(
  db: Database,
  session: { id: string; createdAt: Date },
): Promise<boolean> {
  if (Date.now() - session.createdAt.getTime() < FRESH_SESSION_SECONDS * 1000) return true;
  return (await activeFor(db, grantKey(session.id))) > 0;
}

/**
 * Checks the person behind these headers before a sensitive change.
 * `passwordRequired`: the change always needs the password (Better Auth asks for it to enable or
 * disable the second factor and to make new backup codes; a fresh session is not enough there).
 */
export async function reauthenticate(
  deps: { auth: Auth; db: Database },
  headers: Headers,
  options: { password?: string | undefined; passwordRequired?: boolean },
): Promise<ReauthResult> {
  const { auth, db } = deps;
  const current = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!current) return { ok: false, reason: "signed-out", message: "Your session has ended." };
  const session = current.session;
  const password = options.password ?? "";
  if (password === "") {
    if (!options.passwordRequired && (await isRecentlyAuthenticated(db, session))) {
      return { ok: true, sessionId: session.id };
    }
    return { ok: false, reason: "required", message: REAUTH_REQUIRED_MESSAGE };
  }
  if ((await activeFor(db, failuresKey(session.userId), MAX_WRONG_PASSWORDS)) > 0) {
    return {
      ok: false,
      reason: "too-many",
      message: "Too many wrong passwords. Try again in 15 minutes.",
    };
  }
  const verified = await auth.api
    .verifyPassword({ body: { password }, headers })
    .then(() => true)
    .catch(() => false);
  if (!verified) {
    await hit(db, failuresKey(session.userId), MAX_WRONG_PASSWORDS, FRESH_SESSION_SECONDS);
    return { ok: false, reason: "wrong-password", message: WRONG_PASSWORD_MESSAGE };
  }
  await hit(db, grantKey(session.id), 1, FRESH_SESSION_SECONDS);
  return { ok: true, sessionId: session.id };
}
