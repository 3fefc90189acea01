import { APIError, isAPIError } from "better-auth/api";
import { TWO_FACTOR_ENDED_MESSAGE } from "#app/lib/login-notices.ts";
import type { Database } from "#server/db/client.ts";
import { activeFor, forget, hit } from "#server/platform/rate-limit.ts";
import type { AuthHookContext } from "./hook-context.ts";

/**
 * The second sign-in step allows 5 wrong codes in all (issue 6), whichever kind: authenticator,
 * backup or texted. Better Auth counts authenticator and backup codes per attempt, but a texted code
 * has its own count that a new text resets; this one counter, in the database, covers them all.
 * The fifth wrong code ends the attempt: its pending state is deleted, so even a right code after
 * it is refused and the person signs in again.
 */
export const SECOND_STEP_MAX_WRONG_CODES = 5;
export const TWO_FACTOR_ENDED_CODE = "TWO_FACTOR_ATTEMPT_ENDED";

/** Better Auth's name for the pending second-step cookie, and its code for "wrong code". */
export const TWO_FACTOR_COOKIE = "two_factor";
const WRONG_CODE = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE"]);
const VERIFY_PATHS = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
]);
/** Matches the plugin's pending-attempt lifetime (twoFactorCookieMaxAge, 10 minutes). */
const ATTEMPT_SECONDS = 10 * 60;

const failuresKey = (identifier: string) => `two-factor-wrong-codes:${identifier}`;

/** The pending attempt's identifier from its signed cookie, or null when there is none. */
async function pendingIdentifier(ctx: AuthHookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  return typeof value === "string" && value !== "" ? value : null;
}

function endedError() {
  return new APIError("FORBIDDEN", {
    code: TWO_FACTOR_ENDED_CODE,
    message: TWO_FACTOR_ENDED_MESSAGE,
  });
}

export function twoFactorAttemptHooks(db: Database) {
  return {
    before: async (ctx: AuthHookContext) => {
      if (!VERIFY_PATHS.has(ctx.path) && ctx.path !== "/two-factor/send-otp") return;
      const identifier = await pendingIdentifier(ctx);
      if (!identifier) return;
      if ((await activeFor(db, failuresKey(identifier), SECOND_STEP_MAX_WRONG_CODES)) > 0) {
        throw endedError();
      }
    },
    after: async (ctx: AuthHookContext) => {
      if (!VERIFY_PATHS.has(ctx.path)) return;
      const identifier = await pendingIdentifier(ctx);
      if (!identifier) return;
      const returned = ctx.context.returned;
      if (!isAPIError(returned)) {
        await forget(db, failuresKey(identifier));
        return;
      }
      // Better Auth answers "wrong code" only after it has found the pending attempt, so the
      // identifier is a real one here.
      const code: unknown = returned.body?.code;
      if (typeof code !== "string" || !WRONG_CODE.has(code)) return;
      const counted = await hit(
        db,
        failuresKey(identifier),
        SECOND_STEP_MAX_WRONG_CODES - 1,
        ATTEMPT_SECONDS,
      );
      if (counted.allowed) return;
      const adapter = ctx.context.internalAdapter;
      for (const row of [identifier, `2fa-attempts-${identifier}`, `2fa-otp-${identifier}`]) {
        await adapter.deleteVerificationByIdentifier(row);
      }
      const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
      ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
      throw endedError();
    },
  };
}
