import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";

type Results<T extends readonly PromiseLike<unknown>[]> = {
  -readonly [K in keyof T]: Awaited<T[K]>;
};

/**
 * Runs a few independent queries side by side where the handle can: on the pool each takes its
 * own connection. A transaction owns one client, which runs one query at a time (pg queues the
 * rest, warns, and refuses it from pg 9), so there they run one after another. Drizzle's query
 * builders only run when awaited, which is what lets the order be chosen here.
 */
export async function sideBySide<const T extends readonly PromiseLike<unknown>[]>(
  db: Database,
  queries: T,
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries)) as Results<T>;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as Results<T>;
}
