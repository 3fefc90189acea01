// The production server: built by Vite next to React Router's server build (see vite.config.ts)
// into build/server/index.js and started by `npm start`.
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { serve } from "@hono/node-server";
import { createApp } from "./http/app.ts";
import { answerClientErrors } from "./http/client-errors.ts";
import { createDraining } from "./http/draining.ts";
import { keepIdleConnections } from "./http/keep-alive.ts";
import { gracefulShutdown } from "./http/shutdown.ts";
import { ConfigError, loadConfig } from "./platform/config.ts";
import { createLogger } from "./platform/logger.ts";
import { isClusterWorker, superviseWorkers } from "./platform/workers.ts";
import { createRuntime, setRuntime } from "./runtime.server.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const bootStarted = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const banner = (port: number, driver: string, processes: number) => {
    const bootMs = Math.round(performance.now() - bootStarted);
    const each = processes > 1 ? `, ${processes} processes` : "";
    const lines = [
      "",
      `  Carrierline is ready at ${config.baseUrl}  (port ${port}, ${driver}${each}, started in ${bootMs} ms)`,
    ];
    if (config.demoMode) {
      const { agent, admin } = config.demoAccounts;
      lines.push(
        `  Demo agent sign-in: ${agent.username} / ${agent.password}`,
        `  Demo admin sign-in: ${admin.username} / ${admin.password}`,
      );
    }
    process.stdout.write(`${lines.join("\n")}\n\n`);
  };

  if (config.workers > 1 && !isClusterWorker()) {
    // The primary prepares the database once (migrations, the demo, the demo secret), then
    // forks the workers, which skip all of it (decision 0020).
    const prepared = await createRuntime(config, { logger });
    await prepared.close();
    superviseWorkers({
      count: config.workers,
      logger,
      onListening: (port) => banner(port, "postgres", config.workers),
    });
    return;
  }

  const runtime = await createRuntime(config, {
    logger,
    prepared: isClusterWorker(),
    startBillJobs: true,
  });
  setRuntime(runtime);

  const draining = createDraining();
  const app = createApp({
    runtime,
    draining,
    build,
    clientDir: fileURLToPath(new URL("../client", import.meta.url)),
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const bootMs = Math.round(performance.now() - bootStarted);
    logger.info({ port: info.port, bootMs, database: runtime.database.driver }, "server started");
    // A worker's primary says it once for all of them.
    if (!isClusterWorker()) banner(info.port, runtime.database.driver, 1);
  });
  keepIdleConnections(server);
  answerClientErrors(server);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "signal received");
    // The job in hand goes back to the queue now, and requests waiting for a result answer with
    // its id, so they finish within the grace period; runtime.close() awaits the worker.
    void runtime.billJobs.stop();
    void gracefulShutdown({
      server,
      draining,
      closeDatabase: () => runtime.close(),
      logger,
      graceMs: SHUTDOWN_GRACE_MS,
    }).then((clean) => process.exit(clean ? 0 : 1));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error("Carrierline failed to start:", error);
  process.exit(1);
});
