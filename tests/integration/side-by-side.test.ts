import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sideBySide } from "#server/db/side-by-side.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/database.ts";

// Independent queries run side by side on the pool, and one after another inside a transaction,
// whose single client pg would otherwise have to queue (a deprecation warning today, an error
// from pg 9). Run on PostgreSQL in CI (TEST_DATABASE_URL); on PGlite the order is all there is.

const PID = z.object({ pid: z.number(), n: z.number() });
const pidOf = (result: unknown) => z.object({ rows: z.array(PID).length(1) }).parse(result).rows[0];

let database: TestDatabase;
const warnings: string[] = [];
const listen = (warning: Error) => warnings.push(warning.message);

beforeAll(async () => {
  database = await createTestDatabase();
  process.on("warning", listen);
});
afterAll(async () => {
  process.off("warning", listen);
  await database.dispose();
});

const probe = (db: TestDatabase["db"], n: number) =>
  db.execute(sql`select pg_backend_pid() as pid, ${n}::int as n from pg_sleep(0.05)`);

describe(`sideBySide (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("answers each query in the order given, inside a transaction, on its one client", async () => {
    const rows = await database.db.transaction(async (tx) => {
      const results = await sideBySide(tx, [probe(tx, 1), probe(tx, 2), probe(tx, 3)]);
      return results.map(pidOf);
    });
    expect(rows.map((r) => r?.n)).toEqual([1, 2, 3]);
    expect(new Set(rows.map((r) => r?.pid)).size).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "runs the queries at once on the pool, each on its own connection",
    async () => {
      const { db } = database;
      const rows = (await sideBySide(db, [probe(db, 1), probe(db, 2), probe(db, 3)])).map(pidOf);
      expect(rows.map((r) => r?.n)).toEqual([1, 2, 3]);
      expect(new Set(rows.map((r) => r?.pid)).size).toBe(3);
    },
  );
});
