import type { MiddlewareHandler } from "hono";

/**
 * What the app knows of a shutdown under way: whether one has begun (readiness answers 503 from
 * then on, so a load balancer stops sending), and how many requests its handlers are still
 * working on. A handler can outlive its connection (the client left, the work goes on), so the
 * database is closed only once this count is zero, not when the last connection closes.
 */
export type Draining = {
  readonly begun: boolean;
  begin(): void;
  /** Counts every request from its first middleware to its handler's answer. */
  readonly count: MiddlewareHandler;
  /** Resolves once no request is in a handler. */
  settled(): Promise<void>;
};

export function createDraining(): Draining {
  let begun = false;
  let inFlight = 0;
  let waiters: (() => void)[] = [];

  const release = () => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  return {
    get begun() {
      return begun;
    },
    begin() {
      begun = true;
    },
    count: async (_c, next) => {
      inFlight += 1;
      try {
        await next();
      } finally {
        inFlight -= 1;
        if (inFlight === 0 && waiters.length > 0) release();
      }
    },
    settled() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
