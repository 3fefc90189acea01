import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import pino from "pino";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { DatabaseTemplate } from "./database-template.ts";
import { dropDatabase, withAdmin } from "./postgres-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template this run's databases are copied from (tests/integration/global-setup.ts). */
    databaseTemplate: DatabaseTemplate;
  }
}

export type TestDatabase = DatabaseHandle & {
  label: string;
  /** The database's own connection string (PostgreSQL only), for a server in another process. */
  url?: string;
  /** The PostgreSQL database's name (undefined on PGlite). */
  name: string | undefined;
  dispose(): Promise<void>;
};

/**
 * A migrated database for one test file: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL or `serverUrl` (created here, dropped on dispose). It is opened
 * by the server's own openDatabase, so its pool handles a lost connection as the server's does
 * (logged, never thrown). It starts as a copy of the run's migrated template (migrating each
 * file's database took most of a small file's time); on a server without one, it is migrated here.
 */
export async function createTestDatabase(
  options: { logger?: Logger; maxConnections?: number; serverUrl?: string } = {},
): Promise<TestDatabase> {
  const logger = options.logger ?? pino({ level: "silent" });
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL;
  const template = inject("databaseTemplate");
  if (!serverUrl) {
    if (template.kind !== "pglite") throw new Error("this run's template is not PGlite's");
    const dump = new Blob([new Uint8Array(await readFile(template.dumpFile))]);
    const handle = await openDatabase(
      { kind: "pglite", dataDir: undefined, loadDataDir: dump },
      { logger },
    );
    return { ...handle, label: "pglite", name: undefined, dispose: () => handle.close() };
  }

  const name = `carrierline_test_${randomUUID().replaceAll("-", "")}`;
  const copied = template.kind === "postgres" && template.serverUrl === serverUrl;
  const from = copied ? ` template "${template.name}"` : "";
  await withAdmin(serverUrl, (admin) => admin.query(`create database "${name}"${from}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(
    { kind: "postgres", url: url.toString(), maxConnections: options.maxConnections ?? 5 },
    { logger },
  );
  if (!copied) await handle.migrate();
  return {
    ...handle,
    label: "postgres",
    url: url.toString(),
    name,
    dispose: async () => {
      // Every connection closes before the drop (close() waits for their sockets), so the drop
      // cuts nobody off; `force` is for a connection some test opened by hand and left.
      try {
        await handle.close();
      } finally {
        await dropDatabase(serverUrl, name);
      }
    },
  };
}
