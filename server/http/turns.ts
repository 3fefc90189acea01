/**
 * Requests that render take turns: a few start per turn of the event loop, in the order they
 * came, so that the loop gets back to its poll phase after a few renders.
 *
 * Why: libuv accepts one new connection each time the loop polls (libuv 1.45, "unix: don't
 * accept() connections in a loop"). A server whose every keep-alive connection has a page on
 * the way renders all of them between two polls (50 connections × ~8 ms), so a newcomer's
 * connection waited in the kernel's accept queue for that long, again and again: 9 s for the
 * first request of a new connection at 50 connections while the others waited 0.4 s, the p99
 * stalls of issue 19 (decision 0039, fifth addendum). Taking turns keeps each loop turn to a few
 * renders, so a new connection is accepted within a few renders and its request joins the queue
 * like any other.
 *
 * Only the start is taken in turn, not the whole request: a request waiting on the database
 * holds nothing. Answers that never reach React Router (cached public pages, files, the API) do
 * not queue at all; its redirects and not-found pages do, as any page. The request log's `ms`
 * counts the wait, and its `waitMs` says how much of `ms` it was.
 */
export type Turns = {
  /**
   * Resolves true when it is this request's turn; false if `signal` aborted first (the client
   * left while it waited: nothing is to be rendered for it).
   */
  take(signal?: AbortSignal): Promise<boolean>;
  /** How many requests are waiting for their turn (for tests and diagnostics). */
  readonly waiting: number;
};

/**
 * Renders started per turn. One left the processor idle for part of each turn (a compressed body
 * and the database's answers come back in the poll phase): 10% fewer pages a second than without
 * turns. Four: as many pages as without, and a newcomer still accepted within a few renders
 * (bench/new-connections.ts).
 */
const STARTS_PER_TURN = 4;

export function createTurns(): Turns {
  const queue: (() => void)[] = [];
  let scheduled = false;

  const pump = () => {
    for (let i = 0; i < STARTS_PER_TURN; i += 1) queue.shift()?.();
    // Scheduled from the check phase, the next admission runs in the next turn of the loop,
    // after its poll phase.
    if (queue.length > 0) setImmediate(pump);
    else scheduled = false;
  };

  return {
    take(signal) {
      if (signal?.aborted) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const start = () => {
          signal?.removeEventListener("abort", leave);
          resolve(true);
        };
        const leave = () => {
          const index = queue.indexOf(start);
          if (index >= 0) queue.splice(index, 1);
          resolve(false);
        };
        signal?.addEventListener("abort", leave, { once: true });
        queue.push(start);
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}
