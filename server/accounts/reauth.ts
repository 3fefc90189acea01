import {
  FRESH_SESSION_SECONDS,
  grantFreshSession,
  isRecentlyAuthenticated,
  REAUTH_REQUIRED_CODE,
  REAUTH_REQUIRED_MESSAGE,
} from "#server/auth/fresh-session.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { activeFor, hit } from "#server/platform/rate-limit.ts";
import { done, type Outcome, refuse } from "./outcome.ts";

/**
 * Reauthentication (issue 6): changing the password, the second factor or the sign-in phone needs
 * the current password, or a session younger than 15 minutes. Every such action asks here.
 */

export const WRONG_PASSWORD_MESSAGE = "Your current password is incorrect";

/** Wrong passwords typed here, per account: the same bound as sign-in (10 in 15 minutes). */
const failuresKey = (userId: string) => `reauth-failures:${userId}`;
const MAX_WRONG_PASSWORDS = 10;

/**
 * Checks the person behind these headers before a sensitive change; the answer names the
 * session it holds for. `passwordRequired`: the change always needs the password (Better Auth asks
 * for it to enable or disable the second factor and to make new backup codes; a fresh session is
 * not enough there).
 */
export async function reauthenticate(
  ctx: ServiceContext,
  input: { headers: Headers; password?: string | undefined; passwordRequired?: boolean },
): Promise<Outcome<{ sessionId: string }>> {
  const { auth, db } = ctx;
  const { headers } = input;
  const current = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!current) return refuse("unauthenticated", "Your session has ended.");
  const session = current.session;
  const password = input.password ?? "";
  if (password === "") {
    if (!input.passwordRequired && (await isRecentlyAuthenticated(db, session))) {
      return done({ sessionId: session.id });
    }
    // The form lacks the current password: asking for it is the whole refusal.
    return refuse("invalid", REAUTH_REQUIRED_MESSAGE, { code: REAUTH_REQUIRED_CODE });
  }
  if ((await activeFor(db, failuresKey(session.userId), MAX_WRONG_PASSWORDS)) > 0) {
    return refuse("rate_limited", "Too many wrong passwords. Try again in 15 minutes.");
  }
  const verified = await auth.api
    .verifyPassword({ body: { password }, headers })
    .then(() => true)
    .catch(() => false);
  if (!verified) {
    await hit(db, failuresKey(session.userId), MAX_WRONG_PASSWORDS, FRESH_SESSION_SECONDS);
    return refuse("invalid", WRONG_PASSWORD_MESSAGE);
  }
  await grantFreshSession(db, session.id);
  return done({ sessionId: session.id });
}
