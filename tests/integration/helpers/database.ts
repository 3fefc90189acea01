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
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
