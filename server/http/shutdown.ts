import type { ServerType } from "@hono/node-server";
import type { Logger } from "#server/platform/logger.ts";

/**
 * Stops accepting connections, lets the requests in flight finish, then closes the database.
 * Resolves true when everything closed within the grace period, false when it had to give up.
 */
export function gracefulShutdown(options: {
  server: ServerType;
  closeDatabase: () => Promise<void>;
  logger: Logger;
  graceMs: number;
}): Promise<boolean> {
  const { server, closeDatabase, logger, graceMs } = options;
  logger.info("shutting down: finishing requests in flight");
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      logger.warn({ graceMs }, "requests still open after the grace period; giving up on them");
      resolve(false);
    }, graceMs);
    timer.unref();
    // close() refuses new connections and calls back once the open ones have finished.
    server.close(() => {
      closeDatabase()
        .then(() => {
          clearTimeout(timer);
          logger.info("database closed");
          resolve(true);
        })
        .catch((error: unknown) => {
          clearTimeout(timer);
          logger.error({ err: error }, "database close failed");
          resolve(false);
        });
    });
  });
}
