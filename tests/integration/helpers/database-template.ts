import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "#server/db/client.ts";
import { dropDatabase, withAdmin } from "./postgres-admin.ts";

/**
 * The migrated database every test file's own database is copied from: migrating once per run
 * instead of once per file (decision 0030). PGlite: a dump of its data folder, on disk for the
 * workers to load. PostgreSQL: a template database on the server the tests use.
 */
export type DatabaseTemplate =
  | { kind: "pglite"; dumpFile: string }
  | { kind: "postgres"; serverUrl: string; name: string };

/** Made by the integration project's global setup, for the driver this run tests on. */
export async function createDatabaseTemplate(
  serverUrl: string | undefined,
): Promise<{ template: DatabaseTemplate; dispose(): Promise<void> }> {
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    let dump: Blob;
    try {
      await handle.migrate();
      dump = await pgliteClient(handle.db).dumpDataDir("none");
    } finally {
      await handle.close();
    }
    const dir = mkdtempSync(join(tmpdir(), "carrierline-template-"));
    const dumpFile = join(dir, "pglite.tar");
    writeFileSync(dumpFile, new Uint8Array(await dump.arrayBuffer()));
    return {
      template: { kind: "pglite", dumpFile },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }

  const name = `carrierline_template_${randomUUID().replaceAll("-", "")}`;
  await withAdmin(serverUrl, (admin) => admin.query(`create database "${name}"`));
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return {
    template: { kind: "postgres", serverUrl, name },
    dispose: () => dropDatabase(serverUrl, name),
  };
}

function pgliteClient(db: object): PGlite {
  const client: unknown = Reflect.get(db, "$client");
  if (!(client instanceof PGlite)) throw new Error("the template database is not PGlite");
  return client;
}
