import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "#server/platform/logger.ts";

export type RequestLogVariables = {
  requestId: string;
  log: Logger;
  /** How long a page waited for its turn to start (server/http/turns.ts), within `ms`. */
  turnWaitMs: number | undefined;
};

const tenths = (ms: number) => Math.round(ms * 10) / 10;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** One request id per request (a well-formed incoming X-Request-Id is kept) and one log line each. */
export function requestLogging(
  logger: Logger,
): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    const started = performance.now();
    await next();
    // On the response's own headers: Hono's c.header() copies a finished response, which turns
    // a body held in memory (a cached public page) into a stream written chunk by chunk.
    try {
      c.res.headers.set("X-Request-Id", requestId);
    } catch {
      c.header("X-Request-Id", requestId); // immutable headers (Response.redirect, fetch)
    }
    const status = c.res.status;
    const turnWaitMs = c.get("turnWaitMs");
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: tenths(performance.now() - started),
      // Apart, so that a slow page can be told from a busy server: queueing behind other renders
      // is not this page's own cost.
      ...(turnWaitMs === undefined ? {} : { waitMs: tenths(turnWaitMs) }),
    };
    // A client that hung up mid-request (a closed tab, a load test stopping) makes React Router
    // answer 500 to nobody: not a failure of ours, and not worth an error line.
    if (c.req.raw.signal.aborted) log.info({ ...fields, clientClosed: true }, "request abandoned");
    else if (status >= 500) log.error(fields, "request failed");
    else log.info(fields, "request");
  };
}
