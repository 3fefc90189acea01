import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Database } from "#server/db/client.ts";
import { codeSignInHooks } from "./code-sign-in-hooks.ts";
import type { AuthHook } from "./hook-context.ts";
import type { AuthMessenger } from "./messages.ts";
import { enforcePasswordPolicy } from "./password-policy-hook.ts";
import { reauthHook } from "./reauth-hook.ts";
import { refuseServerOnlyEndpoints } from "./server-only-endpoints.ts";
import { alwaysRevokeOtherSessions, revokeSessionById, withoutTokens } from "./session-tokens.ts";
import { signInAnswersAfter, signInAnswersBefore } from "./sign-in-answers.ts";
import { signInLinkSecondStep } from "./sign-in-link-hooks.ts";
import { signInLockoutHooks } from "./sign-in-lockout.ts";
import { totpReplayHooks } from "./totp-replay.ts";
import { twoFactorAttemptHooks } from "./two-factor-attempts.ts";

/**
 * Better Auth takes one "before" and one "after" hook; ours run in order. A "before" hook refuses
 * by throwing an APIError; an "after" hook may replace the answer by returning one (ctx.json) or
 * by throwing an APIError, and each later "after" hook sees the answer as replaced so far.
 */
export function authHooks(db: Database, messenger: AuthMessenger) {
  const lockout = signInLockoutHooks(db, messenger);
  const secondStep = twoFactorAttemptHooks(db);
  const codes = codeSignInHooks(db);
  const totp = totpReplayHooks(db);
  const before: AuthHook[] = [
    refuseServerOnlyEndpoints,
    lockout.before,
    signInAnswersBefore,
    codes.before,
    enforcePasswordPolicy,
    reauthHook(db),
    secondStep.before,
    totp.before,
    alwaysRevokeOtherSessions,
    revokeSessionById,
  ];
  // The lockout counts Better Auth's own 401s before sign-in answers turns them into 400s; a
  // refused code's claim is given back before the attempt hooks may end the pending sign-in.
  const after: AuthHook[] = [
    lockout.after,
    totp.after,
    secondStep.after,
    codes.after,
    signInLinkSecondStep,
    signInAnswersAfter,
    withoutTokens,
  ];
  const run = (hooks: AuthHook[]) =>
    createAuthMiddleware(async (ctx) => {
      let replaced: unknown;
      for (const hook of hooks) {
        let result: unknown;
        try {
          result = await hook(ctx);
        } catch (error) {
          if (!isAPIError(error)) throw error;
          result = error;
        }
        if (result === undefined) continue;
        replaced = result;
        if (hooks === before) {
          if (isAPIError(result)) throw result;
          // A "before" hook's answer (or its { context } change to the call) is not the
          // endpoint's answer: later hooks must not read it as one.
          continue;
        }
        ctx.context.returned = result;
      }
      if (isAPIError(replaced)) throw replaced;
      return replaced;
    });
  return { before: run(before), after: run(after) };
}
