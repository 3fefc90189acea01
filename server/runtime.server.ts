import { join } from "node:path";
import { type Auth, createAuth } from "./auth/index.ts";
import { withLinkCapture } from "./auth/link-capture.ts";
import { createAuthMessenger } from "./auth/messages.ts";
import { loadOrCreateDemoSecret } from "./auth/secret.ts";
import { createSessionCache, type SessionCache } from "./auth/session-cache.ts";
import { type BillWorker, createBillWorker } from "./bills/index.ts";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "./db/client.ts";
import { seedDemoData } from "./db/seed/index.ts";
import { type AiModel, createAiModel } from "./platform/ai.ts";
import { type AppConfig, loadConfig } from "./platform/config.ts";
import { type CachedSession, type ServiceContext, systemClock } from "./platform/context.ts";
import { createLocalStorage, type FileStorage } from "./platform/files.ts";
import { createLogger, type Logger } from "./platform/logger.ts";
import { createMailer, type Mailer } from "./platform/mail.ts";
import { createOutboxSmsSender, type SmsSender } from "./platform/sms.ts";
import { workerPeers } from "./platform/workers.ts";

/** Everything a request needs from the process: built once at start, shared by every request. */
export type Runtime = {
  config: AppConfig;
  logger: Logger;
  database: DatabaseHandle;
  auth: Auth;
  /** Recent session lookups by cookie (see docs/decisions/0004). */
  sessions: SessionCache<CachedSession>;
  storage: FileStorage;
  mailer: Mailer;
  sms: SmsSender;
  /** The language model behind the AI port; null when AI_* is unset. */
  ai: AiModel | null;
  /** This process's bill analysis worker (decision 0024). */
  billJobs: BillWorker;
  /** Stops the bill worker, then closes the database. */
  close(): Promise<void>;
};

/**
 * How long this process trusts a session it verified. A sign-out or revocation in this process
 * takes effect at once; one in another process or by hand takes effect within this bound.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

export function databaseTargetFor(config: AppConfig): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: config.dataDir };
}

export async function createRuntime(
  config: AppConfig,
  options: {
    logger?: Logger;
    database?: DatabaseHandle;
    /**
     * A worker of several server processes: the primary has migrated the database, seeded the
     * demo and written the demo secret before forking it (decision 0020).
     */
    prepared?: boolean;
    /**
     * Start the bill worker: the serving processes do; scripts, the cluster's primary and tests
     * (which start it, or run jobs, themselves) do not.
     */
    startBillJobs?: boolean;
  } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase(databaseTargetFor(config), { logger }));
  if (!options.prepared) await database.migrate();
  const secret = config.authSecret ?? loadOrCreateDemoSecret(config.dataDir);
  const sessions = createSessionCache<CachedSession>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });
  // The other server processes of this machine forget their remembered sessions at once too.
  const peers = workerPeers();
  peers?.onSessionsChanged(sessions.invalidateAll);
  const mailer = createMailer({ db: database.db, config, logger });
  const sms = createOutboxSmsSender({ db: database.db, logger });
  const auth = createAuth({
    db: database.db,
    config,
    secret,
    logger,
    messenger: withLinkCapture(createAuthMessenger({ db: database.db, mailer, sms })),
    onSessionsChanged: () => {
      sessions.invalidateAll();
      peers?.announceSessionsChanged();
    },
  });
  const storage = createLocalStorage(join(config.dataDir, "files"));
  if (config.demoMode && !options.prepared) {
    await seedDemoData({ db: database.db, auth, storage, config, logger });
  }
  const runtime: Runtime = {
    config,
    logger,
    database,
    auth,
    sessions,
    storage,
    mailer,
    sms,
    ai: createAiModel(config.ai, logger),
    billJobs: createBillWorker({ context: () => serviceContext(runtime), logger }),
    close: async () => {
      await runtime.billJobs.stop();
      await database.close();
    },
  };
  // Jobs a previous run left queued are taken at once: a restart loses none.
  if (options.startBillJobs) runtime.billJobs.start();
  return runtime;
}

/**
 * The service context of this process, without a user: the portal guard adds the acting user
 * (server/web/guard.ts). Built per request from the runtime, so nothing in it outlives a request
 * but the shared handles.
 */
export function serviceContext(runtime: Runtime): ServiceContext {
  return {
    db: runtime.database.db,
    auth: runtime.auth,
    config: runtime.config,
    ports: {
      mail: runtime.mailer,
      sms: runtime.sms,
      ai: runtime.ai,
      files: runtime.storage,
      clock: systemClock,
      logger: runtime.logger,
    },
  };
}

// The runtime lives on globalThis so that route modules (loaded by React Router) and the HTTP
// app share one instance, also across Vite's module reloads in development.
declare global {
  var __carrierlineRuntime: Promise<Runtime> | undefined;
}

export function setRuntime(runtime: Runtime): void {
  globalThis.__carrierlineRuntime = Promise.resolve(runtime);
}

/**
 * The process runtime. The production entry sets it before serving; under `react-router dev` the
 * first request boots it from the environment.
 */
export function getRuntime(): Promise<Runtime> {
  globalThis.__carrierlineRuntime ??= createRuntime(loadConfig(), { startBillJobs: true });
  return globalThis.__carrierlineRuntime;
}
