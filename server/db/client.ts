import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, NodePgDatabase, NodePgSession } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgTransaction } from "drizzle-orm/node-postgres/session";
import {
  type PgDatabase,
  PgDialect,
  type PgQueryResultHKT,
  type PgTransactionConfig,
} from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
} from "drizzle-orm/relations";
import pg from "pg";
import pino from "pino";
import type { Logger } from "#server/platform/logger.ts";
import { MIGRATIONS_DIR } from "#server/platform/paths.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
type Tables = ExtractTablesWithRelations<Schema>;
/** One type for both drivers: services never know whether PGlite or PostgreSQL is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  migrate(): Promise<void>;
  /** Resolves once the database answers; rejects when it fails or takes longer than `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseTarget =
  | { kind: "postgres"; url: string; maxConnections?: number }
  /**
   * `dataDir` undefined keeps the database in memory (tests); `loadDataDir` starts it from a dump
   * of another one (the tests' migrated template, made once per run).
   */
  | { kind: "pglite"; dataDir: string | undefined; loadDataDir?: Blob };

/**
 * Limits on waiting for PostgreSQL (decision 0012). A stopped server refuses connections at
 * once, but a frozen or unreachable one answers nothing: without these, every request would wait
 * for it forever. Each can be overridden in DATABASE_URL (`?statement_timeout=30000&query_timeout=31000`).
 */
export const DATABASE_TIMEOUTS = {
  /** A new connection's handshake, or a free connection of a full pool. */
  connectMs: 3_000,
  /** PostgreSQL cancels a statement that runs longer (its own clock, so a slow query is named). */
  statementMs: 5_000,
  /** The client stops waiting a second later: a frozen server cannot cancel anything itself. */
  queryMs: 6_000,
} as const;

/** /readyz must answer within a second; a ping slower than this counts as a failure. */
export const PING_TIMEOUT_MS = 500;

/** The idle connections' sockets are closed within this after close() (a frozen server never answers). */
const CLOSE_WAIT_MS = 2_000;

const silent = pino({ level: "silent" });

export async function openDatabase(
  target: DatabaseTarget,
  options: { logger?: Logger } = {},
): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target, options.logger ?? silent);
  let client: PGlite;
  // pg_trgm backs the certified-device search; PostgreSQL ships it, PGlite loads it here.
  const pgliteOptions = { extensions: { pg_trgm }, loadDataDir: target.loadDataDir };
  if (target.dataDir === undefined) {
    client = new PGlite(pgliteOptions);
  } else {
    const dir = resolve(join(target.dataDir, "pglite"));
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, pgliteOptions);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: (timeoutMs = PING_TIMEOUT_MS) => withTimeout(db.execute(sql`select 1`), timeoutMs),
    close: once(() => client.close()),
  };
}

function openPostgres(
  target: Extract<DatabaseTarget, { kind: "postgres" }>,
  logger: Logger,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.maxConnections ?? 10,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    query_timeout: DATABASE_TIMEOUTS.queryMs,
    keepAlive: true,
  });
  // An idle connection that the server ends (a restart, a failover, an administrator) is reported
  // here; without a listener, EventEmitter throws it and the process exits. The pool has already
  // dropped the connection: the next query opens a new one.
  pool.on("error", (error) => {
    logger.warn({ err: error }, "an idle database connection was lost");
  });
  const open = new Set<pg.Client>();
  pool.on("connect", (client) => {
    open.add(client);
    client.once("end", () => open.delete(client));
    // A connection lost while checked out (inside a transaction, between two statements) is
    // reported on the client itself, where the pool no longer listens: without this, a crash.
    // The transaction's next statement fails, and the connection is then thrown away.
    client.on("error", (error) => {
      logger.debug({ err: error }, "a database connection in use was lost");
    });
  });

  const dialect = new PgDialect();
  // What drizzle(pool, { schema }) builds, built here once so a transaction's session shares it.
  const tables = extractTablesRelationalConfig<Tables>(schema, createTableRelationsHelpers);
  const relational = {
    fullSchema: schema,
    schema: tables.tables,
    tableNamesMap: tables.tableNamesMap,
  };

  /**
   * drizzle's pooled transaction leaks its connection when BEGIN fails and hands a connection
   * back to the pool however the transaction ended (drizzle-orm issues #6114, #6241): after a
   * client-side timeout that connection is still busy with the old statement, and once the
   * server answers it sits inside a transaction that never ended, swallowing the next borrower's
   * writes. Here the transaction runs on a connection we check out ourselves, and a connection
   * whose transaction failed is closed, never reused.
   */
  class PoolSession extends NodePgSession<Schema, Tables> {
    override async transaction<T>(
      run: (tx: NodePgTransaction<Schema, Tables>) => Promise<T>,
      config?: PgTransactionConfig,
    ): Promise<T> {
      const client = await pool.connect();
      let failed = false;
      try {
        return await new NodePgSession<Schema, Tables>(client, dialect, relational).transaction(
          run,
          config,
        );
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        client.release(failed);
      }
    }
  }
  const db: Database = new NodePgDatabase(
    dialect,
    new PoolSession(pool, dialect, relational),
    relational,
  );

  return {
    db,
    driver: "postgres",
    migrate: () => migrateWithoutTimeouts(target.url),
    ping: (timeoutMs = PING_TIMEOUT_MS) => withTimeout(db.execute(sql`select 1`), timeoutMs),
    close: once(async () => {
      await pool.end();
      // pool.end() resolves once its connections are told to close, before their sockets have:
      // a caller that drops the database next would kill them mid-goodbye (an error nobody is
      // left to hear). Wait for the sockets, as long as a live server takes to close them.
      await Promise.race([
        Promise.all([...open].map((client) => waitForEnd(client))),
        delay(CLOSE_WAIT_MS),
      ]);
    }),
  };
}

/**
 * Migrations run once at start on their own connection, without the request timeouts: building
 * an index over a large table may rightly take longer than any request should.
 */
async function migrateWithoutTimeouts(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
  });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end();
  }
}

function waitForEnd(client: pg.Client): Promise<void> {
  return new Promise((done) => client.once("end", () => done()));
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms).unref());
}

/** Rejects when `work` takes longer than `ms`; the work itself goes on (its own timeouts end it). */
function withTimeout(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  // A late failure after the timeout already answered must not surface as an unhandled rejection.
  work.catch(() => undefined);
  return Promise.race([work.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
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
