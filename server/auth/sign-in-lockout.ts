import { APIError, isAPIError } from "better-auth/api";
import type { Database } from "#server/db/client.ts";
import { activeFor, forget, hit } from "#server/platform/rate-limit.ts";
import type { AuthHookContext } from "./hook-context.ts";

/**
 * Per-account lockout (issue 6, README): 10 failed sign-ins within 15 minutes lock the account
 * for 15 minutes, whatever address they come from. Counted for any name, existing or not, so the
 * answers never tell whether an account exists.
 */
export const LOCKOUT = { failures: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

const SIGN_IN_PATHS = new Set(["/sign-in/username", "/sign-in/email", "/sign-in/phone-number"]);

export const ACCOUNT_LOCKED_CODE = "ACCOUNT_LOCKED";

export function lockedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many failed sign-ins. This account is locked for ${minutes} more minute${minutes === 1 ? "" : "s"}; try again later or reset your password.`;
}

/** The account a sign-in names: its username, email or phone number, in lower case. */
function accountKey(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const name =
    "username" in body
      ? body.username
      : "email" in body
        ? body.email
        : "phoneNumber" in body
          ? body.phoneNumber
          : null;
  return typeof name === "string" && name.trim() !== ""
    ? name.trim().toLowerCase().slice(0, 320)
    : null;
}

const failuresKey = (account: string) => `sign-in-failures:${account}`;
const lockKey = (account: string) => `account-lock:${account}`;

export function signInLockoutHooks(db: Database) {
  return {
    before: async (ctx: AuthHookContext) => {
      if (!SIGN_IN_PATHS.has(ctx.path)) return;
      const account = accountKey(ctx.body);
      if (!account) return;
      const seconds = await activeFor(db, lockKey(account));
      if (seconds > 0) {
        throw new APIError("TOO_MANY_REQUESTS", {
          message: lockedMessage(seconds),
          code: ACCOUNT_LOCKED_CODE,
        });
      }
    },
    after: async (ctx: AuthHookContext) => {
      if (!SIGN_IN_PATHS.has(ctx.path)) return;
      const account = accountKey(ctx.body);
      if (!account) return;
      const returned = ctx.context.returned;
      if (!isAPIError(returned)) {
        await forget(db, failuresKey(account));
        return;
      }
      // Only wrong credentials count (Better Auth's 401, before sign-in-answers makes it a 400); a
      // refusal for any other reason says nothing of the password.
      if (returned.statusCode !== 401) return;
      // The tenth failure in the window locks the account; the next attempt is told so.
      const counted = await hit(
        db,
        failuresKey(account),
        LOCKOUT.failures - 1,
        LOCKOUT.windowSeconds,
      );
      if (!counted.allowed) {
        await forget(db, failuresKey(account));
        await hit(db, lockKey(account), 1, LOCKOUT.lockSeconds);
      }
    },
  };
}
