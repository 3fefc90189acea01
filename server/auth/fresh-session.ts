import type { Database } from "#server/db/client.ts";
import { activeFor, hit } from "#server/platform/rate-limit.ts";

/**
 * Reauthentication (issue 6): changing the password, the second factor or the sign-in phone needs
 * the current password, or a session younger than 15 minutes. The accounts area asks for the
 * password (server/accounts/reauth.ts); the reauthentication hook holds the same rule for direct
 * calls to the auth API. Both read the rule here, so the auth hooks never import a service.
 */

/** A sensitive change (password, email, second factor) needs a session younger than this. */
export const FRESH_SESSION_SECONDS = 15 * 60;

export const REAUTH_REQUIRED_CODE = "REAUTH_REQUIRED";
export const REAUTH_REQUIRED_MESSAGE =
  "For your security, enter your current password to make this change.";

/** A password typed for a sensitive change counts as a fresh sign-in, for as long as one would. */
const grantKey = (sessionId: string) => `reauth:${sessionId}`;

/** Whether this session may make a sensitive change without the password right now. */
export async function isRecentlyAuthenticated(
  db: Database,
  session: { id: string; createdAt: Date },
): Promise<boolean> {
  if (Date.now() - session.createdAt.getTime() < FRESH_SESSION_SECONDS * 1000) return true;
  return (await activeFor(db, grantKey(session.id))) > 0;
}

/** Records that the password was just given in this session. */
export async function grantFreshSession(db: Database, sessionId: string): Promise<void> {
  await hit(db, grantKey(sessionId), 1, FRESH_SESSION_SECONDS);
}
