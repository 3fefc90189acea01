import { randomUUID } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";

export type TestDatabase = DatabaseHandle & { label: string; dispose(): Promise<void> };

/**
 * A migrated database for one test file: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (created here, dropped on dispose).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    await handle.migrate();
    return { ...handle, label: "pglite", dispose: () => handle.close() };
  }

  const name = `carrierline_test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 5 });
  await handle.migrate();
  return {
    ...handle,
    label: "postgres",
    dispose: async () => {
      // Some tests close the database themselves (shutdown, readiness); dropping must still happen.
      await handle.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pg's Pool.end() resolves once its clients are removed, before their sockets have closed:
      // a forced drop then kills a closing connection, whose error nobody listens for any more
      // (an uncaught 57P01 that fails the run). Let them leave first; force only what stays.
      for (let waited = 0; waited < 2_000; waited += 20) {
        const { rows } = await cleanup.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
