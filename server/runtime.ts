import { join } from "node:path";
import { type Auth, createAuth } from "./auth/index.ts";
import { loadOrCreateDemoSecret } from "./auth/secret.ts";
import { type AppConfig, loadConfig } from "./config.ts";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "./db/client.ts";
import { seedDemoData } from "./db/seed/index.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMailer, type Mailer } from "./mail.ts";
import { createLocalStorage, type FileStorage } from "./storage.ts";

/** Everything a request needs from the process: built once at start, shared by every request. */
export type Runtime = {
  config: AppConfig;
  logger: Logger;
  database: DatabaseHandle;
  auth: Auth;
  storage: FileStorage;
  mailer: Mailer;
  close(): Promise<void>;
};

export function databaseTargetFor(config: AppConfig): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: config.dataDir };
}

export async function createRuntime(
  config: AppConfig,
  options: { logger?: Logger; database?: DatabaseHandle } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase(databaseTargetFor(config)));
  await database.migrate();
  const secret = config.authSecret ?? loadOrCreateDemoSecret(config.dataDir);
  const auth = createAuth({ db: database.db, config, secret, logger });
  const storage = createLocalStorage(join(config.dataDir, "files"));
  const mailer = createMailer({ db: database.db, config, logger });
  if (config.demoMode) {
    await seedDemoData({ db: database.db, auth, storage, config, logger });
  }
  return { config, logger, database, auth, storage, mailer, close: () => database.close() };
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
  globalThis.__carrierlineRuntime ??= createRuntime(loadConfig());
  return globalThis.__carrierlineRuntime;
}
