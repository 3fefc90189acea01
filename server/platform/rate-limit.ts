import { and, eq, gt, gte, type Placeholder, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { rateLimitBuckets } from "#server/db/schema/index.ts";
import { type Refusal, refuse } from "./errors.ts";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * The statement that counts one hit on `key` and starts a new window when the old one has
 * passed, returning the window's `count` and `retry_after` (seconds): `hit` runs it alone, and a
 * service that writes along with the hit (a waitlist sign-up) embeds it as a CTE, one statement.
 */
export function hitStatement(
  db: Database,
  key: string | Placeholder,
  windowSeconds: number | Placeholder,
) {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  return db
    .insert(rateLimitBuckets)
    .values({ key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.resetAt} <= now() then 1 else ${rateLimitBuckets.count} + 1 end`,
        resetAt: sql`case when ${rateLimitBuckets.resetAt} <= now() then now() + ${window} else ${rateLimitBuckets.resetAt} end`,
      },
    })
    .returning({
      count: rateLimitBuckets.count,
      retryAfter:
        sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitBuckets.resetAt} - now())))::int`.as(
          "retry_after",
        ),
    });
}

/** What a counted hit answers, from the window's count and seconds left. */
export function rateResult(
  counted: { count: number; retryAfter: number } | undefined,
  limit: number,
  windowSeconds: number,
): RateLimitResult {
  const count = counted?.count ?? 1;
  return { allowed: count <= limit, retryAfterSeconds: counted?.retryAfter ?? windowSeconds };
}

/**
 * A fixed-window counter kept in the database, so the limit holds across every server process.
 * One statement counts the hit and starts a new window when the old one has passed.
 */
export async function hit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const [row] = await hitStatement(db, key, windowSeconds);
  return rateResult(row, limit, windowSeconds);
}

/** Seconds until the window of `key` ends, or 0 when it holds no live count of at least `atLeast`. */
export async function activeFor(db: Database, key: string, atLeast = 1): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitBuckets.resetAt} - now())))::int`,
    })
    .from(rateLimitBuckets)
    .where(
      and(
        eq(rateLimitBuckets.key, key),
        gte(rateLimitBuckets.count, atLeast),
        gt(rateLimitBuckets.resetAt, sql`now()`),
      ),
    );
  return row?.seconds ?? 0;
}

/** Forgets a counter (a success that ends a run of failures, say). */
export async function forget(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

/** One attempt against a limit: its key, how many a window allows, and the refusal's words. */
export type RateCheck = {
  key: string;
  limit: number;
  windowSeconds: number;
  message: (retryAfterSeconds: number) => string;
};

/**
 * The service-level form of `hit`: counts one attempt and, once the limit is passed, answers with
 * a rate_limited refusal that carries the wait. `hit`, `activeFor` and `forget` keep taking the
 * database itself, as Better Auth's hooks (which have no service context) count attempts too.
 * `ctx` is any ServiceContext, typed by the one field used: this module, which those hooks import,
 * must not import the context type and, through it, the auth module back.
 */
export async function checkRate(ctx: { db: Database }, check: RateCheck): Promise<Refusal | null> {
  return refusalOf(check, await hit(ctx.db, check.key, check.limit, check.windowSeconds));
}

/** The rate_limited refusal, with the wait, of a hit the limit did not allow; null when it did. */
export function refusalOf(check: RateCheck, counted: RateLimitResult): Refusal | null {
  if (counted.allowed) return null;
  return refuse("rate_limited", check.message(counted.retryAfterSeconds), {
    retryAfterSeconds: counted.retryAfterSeconds,
  });
}
