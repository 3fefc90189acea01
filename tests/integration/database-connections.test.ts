import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/database.ts";
import { capturingLogger } from "./helpers/logs.ts";
import { withAdmin } from "./helpers/postgres-admin.ts";

// Issue 12, items 2 and 24: a connection the server ends (a restart, a failover, a dropped
// database) is logged and replaced, never thrown at the process, whether it sat idle in the pool
// or was checked out inside a transaction; and closing a database closes its connections before
// whoever closed it goes on (to drop the database, say). PGlite runs in the process and has no
// connections to lose: these run on PostgreSQL (TEST_DATABASE_URL), as in CI.

const serverUrl = process.env.TEST_DATABASE_URL;

/** The server-side process ids of this database's connections, other than the asker's. */
async function backends(name: string | undefined): Promise<number[]> {
  if (!serverUrl || !name) throw new Error("PostgreSQL only");
  const { rows } = await withAdmin(serverUrl, (admin) =>
    admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    ),
  );
  return rows.map((r) => r.pid);
}

async function terminate(pids: number[]) {
  if (!serverUrl) throw new Error("PostgreSQL only");
  await withAdmin(serverUrl, (admin) =>
    admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [pids]),
  );
}

/** Rows of a raw statement, read as the shape they must have. */
const rowsOf = <T extends z.ZodType>(row: T, result: unknown) =>
  z.object({ rows: z.array(row) }).parse(result).rows;
const ONE = z.object({ one: z.number() });

const settle = (ms = 200) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!serverUrl)("PostgreSQL connections that the server ends", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("logs idle connections the server ends and answers the next query on a new one", async () => {
    const log = capturingLogger("debug");
    database = await createTestDatabase({ logger: log.logger });
    const { db } = database;
    // Three connections at once, then idle in the pool.
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    const pids = await backends(database.name);
    expect(pids.length).toBeGreaterThanOrEqual(3);

    await terminate(pids);
    await settle();
    expect(log.lines.filter((l) => l.msg === "an idle database connection was lost")).toHaveLength(
      pids.length,
    );
    expect(rowsOf(ONE, await db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });

  it("survives a connection lost inside a transaction, between two statements", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const failure = await db
      .transaction(async (tx) => {
        const rows = rowsOf(
          z.object({ pid: z.number() }),
          await tx.execute(sql`select pg_backend_pid() as pid`),
        );
        // Ended while checked out and idle: the pool no longer listens to this connection.
        await terminate(rows.map((r) => r.pid));
        await settle();
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(rowsOf(ONE, await db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });

  it("hears a database dropped under an open pool without failing the process", async () => {
    const log = capturingLogger("debug");
    database = await createTestDatabase({ logger: log.logger });
    const { db, name } = database;
    await Promise.all([1, 2].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    if (!serverUrl) throw new Error("PostgreSQL only");
    await withAdmin(serverUrl, (admin) => admin.query(`drop database "${name}" with (force)`));
    await settle();
    expect(log.lines.some((l) => l.msg === "an idle database connection was lost")).toBe(true);
    await expect(db.execute(sql`select 1`)).rejects.toThrow();
  });
});
