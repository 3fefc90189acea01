import { type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";
import { zstdDecompressSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { type Context, Hono, type Next } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyInMemory } from "./body-in-memory.ts";
import { compressResponses } from "./compress.ts";
import { abortBrokenStreams } from "./stream-guard.ts";

// Through @hono/node-server itself, as the app is served: its Response keeps a whole body apart.
const LIST = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Line ${i}` })) };
const seen = new Map<string, string | null>();
let base = "";
let close: () => void = () => undefined;

beforeAll(async () => {
  const app = new Hono();
  const spy = (at: string) => async (c: Context, next: Next) => {
    await next();
    const body = bodyInMemory(c.res);
    seen.set(`${at} ${c.req.path}`, body === null ? null : typeof body);
  };
  // As app.ts orders them; the spies see what leaves (outside) and what the handler answered.
  app.use(spy("out"));
  app.use(abortBrokenStreams());
  app.use(compressResponses());
  app.use(spy("in"));
  app.get("/small", (c) => c.json({ success: true }));
  app.get("/list", (c) => c.json(LIST));
  app.get(
    "/stream",
    () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("a,b\n".repeat(1_000)));
            controller.close();
          },
        }),
        { headers: { "content-type": "text/csv" } },
      ),
  );
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

const get = (path: string) => fetch(base + path, { headers: { "accept-encoding": "zstd" } });

/** The answer as it crossed the wire (fetch would undo the compression). */
function raw(path: string): Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    request(base + path, { headers: { "accept-encoding": "zstd" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

describe("a body already whole in memory", () => {
  it("is found on the adapter's responses, and a stream is not", async () => {
    await (await get("/small")).text();
    await (await get("/stream")).text();
    expect(seen.get("in /small")).toBe("string");
    expect(seen.get("in /stream")).toBeNull();
  });

  it("goes out in one piece with its length, compressed when it is worth it", async () => {
    const small = await raw("/small");
    expect(small.headers["content-length"]).toBe(String('{"success":true}'.length));
    expect(small.headers["transfer-encoding"]).toBeUndefined();
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.bytes.toString())).toEqual({ success: true });

    const list = await raw("/list");
    expect(list.headers["content-encoding"]).toBe("zstd");
    expect(list.headers.vary).toBe("Accept-Encoding");
    expect(list.headers["transfer-encoding"]).toBeUndefined();
    expect(list.headers["content-length"]).toBe(String(list.bytes.byteLength));
    expect(JSON.parse(zstdDecompressSync(list.bytes).toString())).toEqual(LIST);
    // The compressed answer is bytes in memory too: the guard outside it leaves it whole.
    expect(seen.get("out /list")).toBe("object");

    // A stream that ended in one burst (a data request, a small page) leaves as bytes as well.
    const stream = await raw("/stream");
    expect(stream.headers["content-encoding"]).toBe("zstd");
    expect(stream.headers["content-length"]).toBe(String(stream.bytes.byteLength));
    expect(zstdDecompressSync(stream.bytes).toString()).toBe("a,b\n".repeat(1_000));
    expect(seen.get("out /stream")).toBe("object");
  });
});
