import { APIError, isAPIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { agent_users as agentUsers, rateLimitBuckets } from "#server/db/schema/index.ts";
import { activeFor, forget, hit } from "#server/platform/rate-limit.ts";
import { clientAddressOf } from "./client-address.ts";
import type { AuthHookContext } from "./hook-context.ts";
import type { AuthMessenger } from "./messages.ts";

/**
 * Sign-in lockout (issue 12, decision 0009). Failures are counted per account, whichever of its
 * identifiers (username, email, phone) was typed, and:
 * - per account and client address: 10 failures within 15 minutes lock the account for 15
 *   minutes from that address only, so a stranger cannot lock the owner out from elsewhere;
 * - per account across every address: 100 failures within an hour lock it everywhere for the
 *   rest of that hour, which bounds guessing spread over many addresses; the owner is told by
 *   email once per such lock.
 * A completed password reset or a code sign-in proves the owner and lifts every lock.
 * A name with no account is counted the same way, so the answers never tell whether it exists.
 */
export const LOCKOUT = { failures: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;
export const ACCOUNT_THROTTLE = { failures: 100, windowSeconds: 60 * 60 } as const;

const SIGN_IN_FIELDS: Record<string, "username" | "email" | "phoneNumber"> = {
  "/sign-in/username": "username",
  "/sign-in/email": "email",
  "/sign-in/phone-number": "phoneNumber",
};

export const ACCOUNT_LOCKED_CODE = "ACCOUNT_LOCKED";

export function lockedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many failed sign-ins. This account is locked for ${minutes} more minute${minutes === 1 ? "" : "s"}; try again later or reset your password.`;
}

/** Who a sign-in names: an account (by id) or, when none matches, the name as typed. */
type Target = { key: string; user: { id: string; email: string } | null };

/** The typed identifier as Better Auth compares it: usernames and emails ignore case. */
function typedName(body: unknown, field: "username" | "email" | "phoneNumber"): string | null {
  const value = typeof body === "object" && body !== null ? Reflect.get(body, field) : undefined;
  if (typeof value !== "string" || value.trim() === "") return null;
  const trimmed = value.trim().slice(0, 320);
  return field === "phoneNumber" ? trimmed : trimmed.toLowerCase();
}

async function targetOf(db: Database, ctx: AuthHookContext): Promise<Target | null> {
  const field = SIGN_IN_FIELDS[ctx.path];
  if (!field) return null;
  const name = typedName(ctx.body, field);
  if (!name) return null;
  const column =
    field === "username"
      ? sql`lower(${agentUsers.username})`
      : field === "email"
        ? sql`lower(${agentUsers.email})`
        : sql`${agentUsers.phoneNumber}`;
  const [user] = await db
    .select({ id: agentUsers.id, email: agentUsers.email })
    .from(agentUsers)
    .where(eq(column, name))
    .limit(1);
  return user ? { key: `user:${user.id}`, user } : { key: `${field}:${name}`, user: null };
}

const pairFailuresKey = (target: string, address: string) =>
  `sign-in-failures:${target}@${address}`;
const pairLockKey = (target: string, address: string) => `account-lock:${target}@${address}`;
const accountFailuresKey = (target: string) => `sign-in-failures-all:${target}`;
const accountNoticeKey = (target: string) => `account-lock-notice:${target}`;

/** Every counter and lock of one account (or typed name), at every address. */
async function forgetEverywhere(db: Database, target: string): Promise<void> {
  const prefixes = [
    `sign-in-failures:${target}@`,
    `account-lock:${target}@`,
    accountFailuresKey(target),
    accountNoticeKey(target),
  ];
  await db.delete(rateLimitBuckets).where(
    sql`(${sql.join(
      prefixes.map((prefix) => sql`starts_with(${rateLimitBuckets.key}, ${prefix})`),
      sql` or `,
    )})`,
  );
}

/** Lifts every sign-in lock of this account: the owner has just proven who they are. */
export async function liftSignInLocks(db: Database, userId: string): Promise<void> {
  await forgetEverywhere(db, `user:${userId}`);
}

/** Seconds this account stays locked for this address (0: not locked). */
async function lockedFor(db: Database, target: string, address: string): Promise<number> {
  const [pair, everywhere] = await Promise.all([
    activeFor(db, pairLockKey(target, address)),
    activeFor(db, accountFailuresKey(target), ACCOUNT_THROTTLE.failures),
  ]);
  return Math.max(pair, everywhere);
}

/** The account a code sign-in opened (its new session, or the second step it now waits at). */
async function codeSignInUser(db: Database, ctx: AuthHookContext): Promise<string | null> {
  const session = ctx.context.newSession;
  if (session) return session.user.id;
  const field = ctx.path === "/sign-in/email-otp" ? "email" : "phoneNumber";
  const name = typedName(ctx.body, field);
  if (!name) return null;
  const [user] = await db
    .select({ id: agentUsers.id })
    .from(agentUsers)
    .where(
      field === "email"
        ? eq(sql`lower(${agentUsers.email})`, name)
        : and(eq(agentUsers.phoneNumber, name), eq(agentUsers.phoneNumberVerified, true)),
    )
    .limit(1);
  return user?.id ?? null;
}

const CODE_SIGN_IN_PATHS = new Set(["/sign-in/email-otp", "/phone-number/verify"]);

export function signInLockoutHooks(db: Database, messenger: AuthMessenger) {
  return {
    before: async (ctx: AuthHookContext) => {
      const target = await targetOf(db, ctx);
      if (!target) return;
      const seconds = await lockedFor(db, target.key, clientAddressOf(ctx.headers));
      if (seconds > 0) {
        throw new APIError("TOO_MANY_REQUESTS", {
          message: lockedMessage(seconds),
          code: ACCOUNT_LOCKED_CODE,
        });
      }
    },
    after: async (ctx: AuthHookContext) => {
      const returned = ctx.context.returned;
      if (CODE_SIGN_IN_PATHS.has(ctx.path)) {
        // A code sign-in (not the verification of a new phone number) proves the owner.
        const updating =
          typeof ctx.body === "object" && ctx.body !== null && ctx.body.updatePhoneNumber;
        if (isAPIError(returned) || updating) return;
        const userId = await codeSignInUser(db, ctx);
        if (userId) await liftSignInLocks(db, userId);
        return;
      }
      const target = await targetOf(db, ctx);
      if (!target) return;
      const address = clientAddressOf(ctx.headers);
      if (!isAPIError(returned)) {
        // The owner got in from here: this address starts afresh; the account-wide count stays.
        await forget(db, pairFailuresKey(target.key, address));
        return;
      }
      // Only wrong credentials count (Better Auth's 401, before sign-in-answers makes it a 400); a
      // refusal for any other reason says nothing of the password.
      if (returned.statusCode !== 401) return;
      // The tenth failure in the window locks the pair; the next attempt is told so.
      const counted = await hit(
        db,
        pairFailuresKey(target.key, address),
        LOCKOUT.failures - 1,
        LOCKOUT.windowSeconds,
      );
      if (!counted.allowed) {
        await forget(db, pairFailuresKey(target.key, address));
        await hit(db, pairLockKey(target.key, address), 1, LOCKOUT.lockSeconds);
      }
      const everywhere = await hit(
        db,
        accountFailuresKey(target.key),
        ACCOUNT_THROTTLE.failures - 1,
        ACCOUNT_THROTTLE.windowSeconds,
      );
      if (everywhere.allowed || !target.user) return;
      // Once per lock: the notice's own counter lives as long as the lock.
      const notice = await hit(db, accountNoticeKey(target.key), 1, everywhere.retryAfterSeconds);
      if (notice.allowed) {
        await messenger.accountLocked(target.user.email, everywhere.retryAfterSeconds);
      }
    },
  };
}
