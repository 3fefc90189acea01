import { Server } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { ServerType } from "@hono/node-server";
import type { Logger } from "#server/platform/logger.ts";
import type { Draining } from "./draining.ts";

/**
 * How long no new connection must have come before the listener closes. Closing a listening
 * socket resets every connection still in the kernel's accept queue, and libuv accepts one
 * connection each time the loop polls (decision 0039, fifth addendum), so a busy server has many
 * waiting there, their requests already sent: closing at once reset them all (19 of 40 in a
 * probe). Kept listening, each is accepted and answered, with `Connection: close`.
 */
export const ACCEPT_QUIET_MS = 300;
/** The longest the listener stays open after the signal, when new connections keep coming. */
const MAX_LISTENING_MS = 3_000;
/** How often connections that have gone idle are closed once the listener is closed. */
const IDLE_SWEEP_MS = 50;

/**
 * Shuts the server down without dropping a request (decision 0046):
 * 1. readiness answers 503 and every response from now on closes its connection;
 * 2. the listener stays open until no connection has come for ACCEPT_QUIET_MS, then closes;
 * 3. idle connections are closed as their last response ends (a client kept them open for its
 *    next request, which would otherwise hold the process to the end of the grace period);
 * 4. once every handler has returned, the database closes.
 * Resolves true when all of it finished within the grace period, false when it had to give up.
 */
export function gracefulShutdown(options: {
  server: ServerType;
  draining: Draining;
  closeDatabase: () => Promise<void>;
  logger: Logger;
  graceMs: number;
}): Promise<boolean> {
  const { server, draining, closeDatabase, logger, graceMs } = options;
  logger.info("shutting down: finishing requests in flight");
  draining.begin();

  const gaveUp = sleep(graceMs, false, { ref: false }).then(() => {
    logger.warn({ graceMs }, "requests still open after the grace period; giving up on them");
    return false;
  });

  const finished = (async () => {
    if (server instanceof Server) {
      server.on("request", (_request, response) => {
        response.shouldKeepAlive = false;
      });
      let lastConnection = performance.now();
      server.on("connection", () => {
        lastConnection = performance.now();
      });
      const listeningUntil = performance.now() + Math.min(MAX_LISTENING_MS, graceMs / 3);
      while (
        performance.now() - lastConnection < ACCEPT_QUIET_MS &&
        performance.now() < listeningUntil
      ) {
        await sleep(IDLE_SWEEP_MS);
      }
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      try {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } finally {
        clearInterval(sweep);
      }
    } else {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await draining.settled();
    try {
      await closeDatabase();
      logger.info("database closed");
      return true;
    } catch (error) {
      logger.error({ err: error }, "database close failed");
      return false;
    }
  })();

  return Promise.race([finished, gaveUp]);
}
