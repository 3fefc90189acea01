import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Database } from "#server/db/client.ts";
import { codeSignInHooks } from "./code-sign-in-hooks.ts";
import { enforcePasswordPolicy } from "./password-policy-hook.ts";
import { reauthHook } from "./reauth-hook.ts";
import { refuseServerOnlyEndpoints } from "./server-only-endpoints.ts";
import { signInAnswersAfter, signInAnswersBefore } from "./sign-in-answers.ts";
import { signInLinkSecondStep } from "./sign-in-link-hooks.ts";
import { signInLockoutHooks } from "./sign-in-lockout.ts";
import { twoFactorAttemptHooks } from "./two-factor-attempts.ts";

/** What one of our Better Auth hooks receives: the endpoint's context (path, body, headers). */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type AuthHook = (ctx: AuthHookContext) => Promise<unknown>;

type RefusalStatus = "BAD_REQUEST" | "FORBIDDEN";
const STATUS_CODES: Record<RefusalStatus, number> = { BAD_REQUEST: 400, FORBIDDEN: 403 };

/**
 * Replaces an endpoint's refusal from an "after" hook. Better Auth keeps the endpoint's own status
 * for a replaced error, so over HTTP the new answer goes out as a whole Response; a server-side
 * call (auth.api.*) gets the new code and message thrown as usual.
 */
export function replaceRefusal(
  ctx: AuthHookContext,
  status: RefusalStatus,
  body: { code: string; message: string },
): Response {
  if (ctx.request instanceof Request) return Response.json(body, { status: STATUS_CODES[status] });
  throw new APIError(status, body);
}

/**
 * Better Auth takes one "before" and one "after" hook; ours run in order. A "before" hook refuses
 * by throwing an APIError; an "after" hook may replace the answer by returning one (ctx.json) or
 * by throwing an APIError, and each later "after" hook sees the answer as replaced so far.
 */
export function authHooks(db: Database) {
  const lockout = signInLockoutHooks(db);
  const secondStep = twoFactorAttemptHooks(db);
  const codes = codeSignInHooks(db);
  const before: AuthHook[] = [
    refuseServerOnlyEndpoints,
    lockout.before,
    signInAnswersBefore,
    codes.before,
    enforcePasswordPolicy,
    reauthHook(db),
    secondStep.before,
  ];
  // The lockout counts Better Auth's own 401s before sign-in answers turns them into 400s.
  const after: AuthHook[] = [
    lockout.after,
    secondStep.after,
    codes.after,
    signInLinkSecondStep,
    signInAnswersAfter,
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
        if (isAPIError(result) && hooks === before) throw result;
        ctx.context.returned = result;
      }
      if (isAPIError(replaced)) throw replaced;
      return replaced;
    });
  return { before: run(before), after: run(after) };
}
