import { and, eq, gt, gte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { rateLimitBuckets } from "#server/db/schema/index.ts";
import { type Refusal, refuse } from "./errors.ts";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

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
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const [row] = await db
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
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitBuckets.resetAt} - now())))::int`,
    });
  const count = row?.count ?? 1;
  return { allowed: count <= limit, retryAfterSeconds: row?.retryAfter ?? windowSeconds };
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
  const counted = await hit(ctx.db, check.key, check.limit, check.windowSeconds);
  if (counted.allowed) return null;
  return refuse("rate_limited", check.message(counted.retryAfterSeconds), {
    retryAfterSeconds: counted.retryAfterSeconds,
  });
}
