import { createAuthMiddleware } from "better-auth/api";
import type { Database } from "../db/client.ts";
import { enforcePasswordPolicy } from "./password-policy-hook.ts";
import { reauthHook } from "./reauth-hook.ts";
import { refuseServerOnlyEndpoints } from "./server-only-endpoints.ts";
import { signInLockoutHooks } from "./sign-in-lockout.ts";
import { twoFactorAttemptHooks } from "./two-factor-attempts.ts";

/** What one of our Better Auth hooks receives: the endpoint's context (path, body, headers). */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type AuthHook = (ctx: AuthHookContext) => Promise<unknown>;

/**
 * Better Auth takes one "before" and one "after" hook; ours run in order. A "before" hook refuses
 * by throwing an APIError; an "after" hook may replace the answer by returning one (ctx.json).
 */
export function authHooks(db: Database) {
  const lockout = signInLockoutHooks(db);
  const secondStep = twoFactorAttemptHooks(db);
  const before: AuthHook[] = [
    refuseServerOnlyEndpoints,
    lockout.before,
    enforcePasswordPolicy,
    reauthHook(db),
    secondStep.before,
  ];
  const after: AuthHook[] = [lockout.after, secondStep.after];
  const run = (hooks: AuthHook[]) =>
    createAuthMiddleware(async (ctx) => {
      let replaced: unknown;
      for (const hook of hooks) {
        const result = await hook(ctx);
        if (result !== undefined) replaced = result;
      }
      return replaced;
    });
  return { before: run(before), after: run(after) };
}
