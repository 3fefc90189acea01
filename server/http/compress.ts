import { once } from "node:events";
import {
  constants,
  createGzip,
  createZstdCompress,
  type Gzip,
  gzipSync,
  type ZstdCompress,
  zstdCompressSync,
} from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { bodyInMemory } from "./body-in-memory.ts";

/**
 * Response compression, cheaper than hono/compress for server-rendered pages. That middleware
 * pipes every body through CompressionStream (gzip level 6, a thread-pool round trip per chunk
 * React writes): ~2 ms of CPU per 64 KB devices page. Here the chunks written in one turn of the
 * event loop are joined; a body that arrives whole (most pages, every JSON answer) is compressed
 * in one synchronous call, and only a body still being written streams through a compressor.
 * zstd (level 3) when the browser takes it, smaller than gzip 6 for a fraction of the CPU;
 * otherwise gzip at level 4, within 4% of level 6's size.
 */
const ENCODINGS = ["zstd", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** Bodies that say they are smaller than this are sent as they are. */
const THRESHOLD_BYTES = 1024;
/** A joined chunk is passed on once it reaches this size, even while the burst goes on. */
const JOIN_LIMIT_BYTES = 64 * 1024;

export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const q = (name: string) =>
    accepts.find((a) => a.type.toLowerCase() === name)?.q ?? accepts.find((a) => a.type === "*")?.q;
  return ENCODINGS.find((e) => (q(e) ?? 0) > 0) ?? null;
}

const ZSTD_LEVEL = 3;
const GZIP_LEVEL = 4;

function compressor(encoding: Encoding): Gzip | ZstdCompress {
  return encoding === "zstd"
    ? createZstdCompress({ params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } })
    : createGzip({ level: GZIP_LEVEL });
}

/** A run of chunks written in one turn of the event loop; `last` when the body ended with it. */
type Burst = { bytes: Uint8Array; last: boolean };

/**
 * Joins the chunks that arrive within one turn of the event loop, so the compressor sees a few
 * large writes. A page still streams: each burst goes out as soon as the writer pauses.
 */
function joinBursts(): TransformStream<Uint8Array, Burst> {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let scheduled = false;
  const release = (controller: TransformStreamDefaultController<Burst>, last: boolean) => {
    if (heldBytes === 0 && !last) return;
    const bytes = held.length === 1 && held[0] ? held[0] : Buffer.concat(held, heldBytes);
    controller.enqueue({ bytes, last });
    held = [];
    heldBytes = 0;
  };
  return new TransformStream({
    transform(chunk, controller) {
      held.push(chunk);
      heldBytes += chunk.byteLength;
      if (heldBytes >= JOIN_LIMIT_BYTES) release(controller, false);
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          try {
            release(controller, false);
          } catch {
            // The body failed or the browser left before this turn ended: the stream is errored
            // or cancelled and what was held has nowhere to go. (Uncaught, from a timer, this
            // error used to end the process.)
          }
        });
      }
    },
    flush(controller) {
      release(controller, true);
    },
  });
}

type BodyReader = ReadableStreamDefaultReader<Burst>;

/**
 * The rest of the body, compressed as it streams. Each burst is flushed, so what the server has
 * rendered reaches the browser without waiting for the rest; a browser that goes away frees the
 * compressor at once.
 */
function compressStream(first: Burst, reader: BodyReader, encoding: Encoding) {
  const z = compressor(encoding);
  let pending: Burst | null = first;
  // Once the stream has failed or been cancelled, the compressor's late events have nowhere to go:
  // enqueueing or closing then would throw from an event handler, which nothing catches.
  let settled = false;
  const write = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      z.write(chunk, (error) => (error ? reject(error) : z.flush(() => resolve())));
    });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      z.on("data", (chunk: Buffer) => {
        if (!settled) controller.enqueue(chunk);
      });
      z.on("end", () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      z.on("error", (error) => {
        if (settled) return;
        settled = true;
        controller.error(error);
      });
    },
    async pull() {
      try {
        const next: Burst | null = pending ?? (await reader.read()).value ?? null;
        pending = null;
        if (next && next.bytes.byteLength > 0) await write(next.bytes);
        if (next && !next.last) return;
        const ended = once(z, "end");
        z.end();
        await ended;
      } catch (error) {
        // The body failed part-way: this stream fails with it (and the response is cut, see
        // stream-guard.ts), and the compressor is freed.
        settled = true;
        z.destroy();
        throw error;
      }
    },
    cancel(reason) {
      settled = true;
      z.destroy();
      return reader.cancel(reason);
    },
  });
}

/** A whole body at once: no stream, no thread-pool round trips (~0.1 ms for a 64 KB page). */
export function compressWhole(bytes: Uint8Array, encoding: Encoding): Buffer {
  return encoding === "zstd"
    ? zstdCompressSync(bytes, { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } })
    : gzipSync(bytes, { level: GZIP_LEVEL });
}

export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // A body already whole (JSON, text) is compressed as it is, without making its stream.
    const whole = bodyInMemory(res);
    const length =
      whole === null ? res.headers.get("Content-Length") : String(Buffer.byteLength(whole));
    const type = res.headers.get("Content-Type");
    if (
      (whole === null && !res.body) ||
      res.status === 206 ||
      c.req.method === "HEAD" ||
      res.headers.has("Content-Encoding") ||
      res.headers.has("Transfer-Encoding") ||
      (length !== null && Number(length) < THRESHOLD_BYTES) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    const vary = res.headers.get("Vary");
    const varies =
      vary === "*" || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")
        ? null
        : vary
          ? `${vary}, Accept-Encoding`
          : "Accept-Encoding";
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) {
      if (varies) setVary(c, res, varies);
      return;
    }
    /**
     * The answer from here on: `res`'s status and headers with this body and these headers. Built
     * from a plain init and assigned over a cleared c.res, so a body of bytes stays bytes:
     * @hono/node-server then writes it in one call, where a Response made from another (or
     * Hono's c.res setter, which rebuilds it from its stream) goes out chunk by chunk.
     */
    const replace = (body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, set: Headers) => {
      const headers = new Headers(res.headers);
      if (varies) headers.set("Vary", varies);
      for (const [name, value] of set) headers.set(name, value);
      if (!set.has("Content-Length")) headers.delete("Content-Length");
      const etag = headers.get("ETag");
      // A compressed body is another representation: its ETag can only be weak (RFC 9110 §8.8.1).
      if (set.has("Content-Encoding") && etag && !etag.startsWith("W/")) {
        headers.set("ETag", `W/${etag}`);
      }
      c.res = undefined;
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
    };
    const encoded = (bytes: Uint8Array) => {
      const body = new Uint8Array(compressWhole(bytes, encoding));
      replace(
        body,
        new Headers({ "Content-Length": String(body.byteLength), "Content-Encoding": encoding }),
      );
    };
    if (whole !== null) {
      encoded(typeof whole === "string" ? Buffer.from(whole) : whole);
      return;
    }
    if (!res.body) return;
    const reader = res.body.pipeThrough(joinBursts()).getReader();
    const first = (await reader.read()).value ?? { bytes: new Uint8Array(0), last: true };
    if (first.last && first.bytes.byteLength < THRESHOLD_BYTES) {
      // Setting up a compressor costs more than a few hundred bytes would save.
      // (A copy into a plain ArrayBuffer, which is what Response's type accepts; a few KB.)
      replace(
        new Uint8Array(first.bytes),
        new Headers({ "Content-Length": String(first.bytes.byteLength) }),
      );
    } else if (first.last) {
      // The whole body came in one burst (a page, a JSON answer): compress it in one call.
      encoded(first.bytes);
    } else {
      replace(
        compressStream(first, reader, encoding),
        new Headers({ "Content-Encoding": encoding }),
      );
    }
  };
}

function setVary(c: Context, res: Response, value: string) {
  try {
    res.headers.set("Vary", value);
  } catch {
    c.header("Vary", value); // immutable headers (Response.redirect, fetch)
  }
}
