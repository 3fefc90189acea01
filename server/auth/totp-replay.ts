import { APIError, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Database } from "#server/db/client.ts";
import { forget, hit } from "#server/platform/rate-limit.ts";
import type { AuthHookContext } from "./hook-context.ts";
import { TWO_FACTOR_COOKIE } from "./two-factor-attempts.ts";

/**
 * An authenticator code works once (issue 12). Better Auth accepts a code for its 30-second step
 * and the steps either side, and keeps no record of use, so a code seen over someone's shoulder
 * (or replayed from a log) would sign in again within that minute and a half. Every TOTP check
 * goes through /two-factor/verify-totp (the sign-in step, turning the factor on, turning it off),
 * so this hook covers them all: a code is claimed for its user before the check and kept as used
 * when the check passes.
 */
export const USED_CODE_SECONDS = 120;

/** Better Auth's answer to a wrong code, so a used code reads exactly like a wrong one. */
const USED_CODE = { code: "INVALID_CODE", message: "Invalid code" } as const;

const usedKey = (userId: string, code: string) => `totp-used:${userId}:${code}`;

/** The account whose code this is: the signed-in one, or the sign-in waiting for its second step. */
async function codeOwner(ctx: AuthHookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (typeof identifier !== "string" || identifier === "") return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

function codeOf(ctx: AuthHookContext): string | null {
  const body: unknown = ctx.body;
  const code = typeof body === "object" && body !== null ? Reflect.get(body, "code") : undefined;
  return typeof code === "string" && code !== "" ? code.trim() : null;
}

export function totpReplayHooks(db: Database) {
  return {
    before: async (ctx: AuthHookContext) => {
      if (ctx.path !== "/two-factor/verify-totp") return;
      const code = codeOf(ctx);
      const owner = code ? await codeOwner(ctx) : null;
      if (!code || !owner) return;
      // Claimed in one statement, so two requests racing with the same code cannot both pass.
      const claim = await hit(db, usedKey(owner, code), 1, USED_CODE_SECONDS);
      if (!claim.allowed) throw new APIError("UNAUTHORIZED", { ...USED_CODE });
    },
    after: async (ctx: AuthHookContext) => {
      if (ctx.path !== "/two-factor/verify-totp") return;
      if (!isAPIError(ctx.context.returned)) return;
      const code = codeOf(ctx);
      // A refused code was not used: give the claim back (the pending attempt, if it ended, has
      // no owner left to find, and its claim simply runs out).
      const owner = code ? await codeOwner(ctx) : null;
      if (code && owner) await forget(db, usedKey(owner, code));
    },
  };
}
