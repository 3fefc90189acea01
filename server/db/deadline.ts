import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * Runs queries under a statement deadline of `ms`; null when it passed (PostgreSQL error 57014).
 *
 * PostgreSQL arms a statement's timer when the statement starts, with the timeout then in force,
 * and a timer that fires as a statement ends leaves its cancel pending on the connection for the
 * next statement. COMMIT sent while `set local` still held was armed with the deadline: had the
 * process been held up past it (a busy machine) before COMMIT's timer was cleared, the cancel
 * waited for whoever borrowed the connection from the pool next (issue 19: the layout's
 * notifications query, once in 138,000 requests). So the deadline is lifted inside the
 * transaction: COMMIT runs under the pool's own timeout, and a late cancel can only land on our
 * own statements, fail this transaction and take its connection out of the pool (client.ts closes
 * a connection whose transaction failed). Lifting it also ends it when `db` is itself a
 * transaction, where `set local` in a savepoint would otherwise hold to the outer transaction's
 * end.
 */
export async function withDeadline<T>(
  db: Database,
  ms: number,
  run: (tx: Database) => Promise<T>,
): Promise<T | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.round(ms)}`));
      const result = await run(tx);
      await tx.execute(sql`set local statement_timeout to default`);
      return result;
    });
  } catch (error) {
    if (isStatementTimeout(error)) return null;
    throw error;
  }
}

function isStatementTimeout(error: unknown): boolean {
  for (
    let e: unknown = error;
    typeof e === "object" && e !== null;
    e = "cause" in e ? e.cause : null
  ) {
    if ("code" in e && e.code === "57014") return true;
  }
  return false;
}
