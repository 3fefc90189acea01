import { APIError, getSessionFromCtx } from "better-auth/api";
import type { Database } from "#server/db/client.ts";
import {
  isRecentlyAuthenticated,
  REAUTH_REQUIRED_CODE,
  REAUTH_REQUIRED_MESSAGE,
} from "./fresh-session.ts";
import type { AuthHookContext } from "./hook-context.ts";

/**
 * Setting the sign-in phone needs a recent sign-in or password (reauthentication). Our page checks
 * first; this holds the same rule for anyone calling /api/auth/phone-number/verify directly, since
 * the code it needs can be requested for any number without a session.
 */
export function reauthHook(db: Database) {
  return async (ctx: AuthHookContext): Promise<undefined> => {
    if (ctx.path !== "/phone-number/verify") return;
    const body: unknown = ctx.body;
    const updating =
      typeof body === "object" && body !== null && Reflect.get(body, "updatePhoneNumber") === true;
    if (!updating) return;
    const session = await getSessionFromCtx(ctx);
    // No session: Better Auth refuses the update itself.
    if (!session) return;
    if (await isRecentlyAuthenticated(db, session.session)) return;
    throw new APIError("FORBIDDEN", {
      code: REAUTH_REQUIRED_CODE,
      message: REAUTH_REQUIRED_MESSAGE,
    });
  };
}
