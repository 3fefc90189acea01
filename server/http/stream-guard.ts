import { ServerResponse } from "node:http";
import { Http2ServerResponse } from "node:http2";
import type { Context, MiddlewareHandler } from "hono";
import { bodyInMemory } from "./body-in-memory.ts";
import type { RequestLogVariables } from "./request-logging.ts";

/**
 * Every response body, streamed or not, passes through here on its way out (decision 0012).
 *
 * A body that fails before its first byte (a CSV export whose first query fails) is thrown to
 * `app.onError`, which answers it properly (503 while the database is away). A body that fails
 * later has already sent "200 OK": the only honest ending is a cut connection, so the browser
 * reports a failed download instead of saving a truncated file that looks complete. The failure
 * is logged here, once, with the request's id.
 *
 * Left to itself, @hono/node-server would write "Error: <message>" into the body (the message of
 * a database error names SQL and parameters), print it with console.error, and sometimes end the
 * chunked response cleanly before closing the socket. So the stream it reads never fails: this
 * middleware closes the socket itself and leaves that stream waiting, until the closed socket
 * cancels it.
 */
export function abortBrokenStreams(): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  return async (c, next) => {
    await next();
    const res = c.res;
    // A body already whole in memory cannot fail part-way; its stream is never made.
    if (bodyInMemory(res) !== null || !res.body) return;
    const reader = res.body.getReader();
    // Thrown to app.onError when the body fails before anything was sent.
    const first = await reader.read();
    if (first.done) {
      c.res = new Response(null, res);
      return;
    }
    // A reader asking again while the first read failed makes the stream pull again, and the
    // body answers every read with the same error: one failure, one log line, one cut.
    let failed = false;
    const abort = (error: unknown, controller: ReadableStreamDefaultController<Uint8Array>) => {
      failed = true;
      c.get("log").error(
        { err: error, method: c.req.method, path: c.req.path },
        "the response failed part-way; its connection was cut",
      );
      const socket = nodeResponse(c);
      if (socket instanceof ServerResponse) cutOnceHeadIsOut(socket);
      else if (socket) socket.destroy();
      // Without a socket of ours (app.request in tests, another runtime), a failed stream is how
      // a cut connection looks to whoever reads it.
      else controller.error(error);
    };
    let held: Uint8Array | null = first.value;
    c.res = new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (failed) return;
          if (held) {
            controller.enqueue(held);
            held = null;
            return;
          }
          let next: ReadableStreamReadResult<Uint8Array>;
          try {
            next = await reader.read();
          } catch (error) {
            if (!failed) abort(error, controller);
            return;
          }
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel(reason) {
          // The browser left, or the socket was cut above: stop the body's producer too. A
          // body that already failed answers the cancel with its error; nobody needs it.
          return reader.cancel(reason).catch(() => undefined);
        },
      }),
      res,
    );
  };
}

/** The Node response behind this request, when @hono/node-server serves it. */
function nodeResponse(c: Context): ServerResponse | Http2ServerResponse | null {
  const outgoing: unknown = c.env ? Reflect.get(c.env, "outgoing") : undefined;
  return outgoing instanceof ServerResponse || outgoing instanceof Http2ServerResponse
    ? outgoing
    : null;
}

/**
 * HTTP/1: what was written (the status line, the first bytes) leaves first, then the connection
 * closes without the body's end; destroying at once could drop even the status. The adapter reads
 * a little ahead before it writes the head (up to three chunks, across a timer), so a body that
 * fails that soon fails before there is a status line to send: the cut waits for it. The adapter
 * writes the head and what it read in one synchronous step, so the next turn sees both written.
 */
function cutOnceHeadIsOut(res: ServerResponse, since = Date.now()) {
  const socket = res.socket;
  if (!socket) res.destroy();
  else if (socket.destroyed) return;
  else if (res.headersSent) socket.destroySoon();
  // Should the head never come, the connection is cut all the same, with nothing sent.
  else if (Date.now() - since > HEAD_WAIT_MS) socket.destroy();
  else setImmediate(() => cutOnceHeadIsOut(res, since));
}
const HEAD_WAIT_MS = 1_000;
