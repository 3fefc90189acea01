import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./logger.ts";

// Several server processes on one machine (WEB_CONCURRENCY, decision 0020): the primary forks
// the workers and relays their news to each other; each worker serves requests as a lone
// process would. What one worker must tell the others is only that sessions changed (a sign-out,
// a revocation): each worker remembers verified sessions for a few seconds (decision 0004).

const SESSIONS_CHANGED = "carrierline:sessions-changed";

type PeerMessage = { type: typeof SESSIONS_CHANGED };

const isPeerMessage = (message: unknown): message is PeerMessage =>
  typeof message === "object" &&
  message !== null &&
  "type" in message &&
  message.type === SESSIONS_CHANGED;

/** How this process tells its sibling workers about changed sessions, and hears them. */
export type WorkerPeers = {
  /** Tells every other worker that sessions changed. */
  announceSessionsChanged(): void;
  /** Runs `listener` when another worker announces that sessions changed. */
  onSessionsChanged(listener: () => void): void;
};

/** This process's peers when it is a worker of a cluster; nothing to tell otherwise. */
export function workerPeers(): WorkerPeers | undefined {
  if (!cluster.isWorker) return undefined;
  return {
    announceSessionsChanged: () => {
      process.send?.({ type: SESSIONS_CHANGED } satisfies PeerMessage);
    },
    onSessionsChanged: (listener) => {
      process.on("message", (message: unknown) => {
        if (isPeerMessage(message)) listener();
      });
    },
  };
}

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/** A worker that keeps dying is not restarted for ever: the process ends and says why. */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS_IN_WINDOW = 5;

/**
 * The primary process: forks `count` workers (each runs this same entry and serves on the shared
 * port), relays their news, restarts one that dies, and on SIGTERM or SIGINT lets each finish its
 * requests (they shut down gracefully on the signal) before it exits. `onListening` runs once,
 * when every worker is serving.
 */
export function superviseWorkers(options: {
  count: number;
  logger: Logger;
  onListening(port: number): void;
}): void {
  const { count, logger } = options;
  let stopping = false;
  let failed = false;
  const listening = new Set<number>();
  const restarts: number[] = [];
  const live = (): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => {
      if (!isPeerMessage(message)) return;
      for (const other of live()) if (other !== worker && other.isConnected()) other.send(message);
    });
  };

  cluster.on("listening", (worker, address) => {
    if (listening.has(worker.id)) return;
    listening.add(worker.id);
    if (listening.size === count) options.onListening(address.port);
  });

  cluster.on("exit", (worker, code, signal) => {
    if (code !== 0) failed = true;
    if (stopping) {
      if (live().length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while ((restarts[0] ?? now) < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS_IN_WINDOW) {
      logger.fatal(
        { pid: worker.process.pid, code, signal, restarts: restarts.length },
        "server processes keep ending; stopping",
      );
      stop("SIGTERM");
      return;
    }
    logger.error(
      { pid: worker.process.pid, code, signal },
      "a server process ended; starting another",
    );
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "signal received; stopping the server processes");
    const workers = live();
    if (workers.length === 0) process.exit(failed ? 1 : 0);
    for (const worker of workers) worker.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  for (let i = 0; i < count; i++) fork();
}
