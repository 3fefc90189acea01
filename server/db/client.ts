import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "#server/platform/paths.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** One type for both drivers: services never know whether PGlite or PostgreSQL is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseTarget =
  | { kind: "postgres"; url: string; maxConnections?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: "pglite"; dataDir: string | undefined };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: "postgres",
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: once(() => pool.end()),
    };
  }
  let client: PGlite;
  // pg_trgm backs the certified-device search; PostgreSQL ships it, PGlite loads it here.
  const options = { extensions: { pg_trgm } };
  if (target.dataDir === undefined) {
    client = new PGlite(options);
  } else {
    const dir = resolve(join(target.dataDir, "pglite"));
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, options);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: once(() => client.close()),
  };
}

/**
 * Closing twice (a shutdown, then a test's cleanup) must wait for the one real close rather than
 * fail at once: a caller that goes on while connections are still ending (to drop the database,
 * say) would cut them off mid-goodbye.
 */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
