import { Writable } from "node:stream";
import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { type RequestLogVariables, requestLogging } from "./request-logging.ts";
import { abortBrokenStreams } from "./stream-guard.ts";

const encoder = new TextEncoder();

/** Chunks, then (optionally) a failure, each in its own turn of the event loop. */
function body(chunks: string[], failure?: Error) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((r) => setTimeout(r, 1));
      const chunk = chunks[i++];
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (failure) throw failure;
      else controller.close();
    },
  });
}

function app() {
  const lines: { level: number; msg: string; path?: string; err?: { message: string } }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const a = new Hono<{ Variables: RequestLogVariables }>();
  a.use(requestLogging(pino({ level: "info" }, sink)));
  a.use(abortBrokenStreams());
  a.get("/whole", (c) => c.json({ ok: true }));
  a.get("/empty", () => new Response(""));
  a.get("/none", (c) => c.body(null, 204));
  a.get("/streamed", () => new Response(body(["a,b\n", "1,2\n", "3,4\n"])));
  a.get("/fails-first", () => new Response(body([], new Error("no database"))));
  a.get("/fails-later", () => new Response(body(["a,b\n", "1,2\n"], new Error("no database"))));
  a.onError((error, c) => c.text(`answered: ${error.message}`, 503));
  return { a, lines };
}

describe("bodies that fail on their way out", () => {
  it("passes every other body on as it was", async () => {
    const { a } = app();
    expect(await (await a.request("/whole")).json()).toEqual({ ok: true });
    expect(await (await a.request("/empty")).text()).toBe("");
    expect((await a.request("/none")).status).toBe(204);
    const streamed = await a.request("/streamed");
    expect(streamed.status).toBe(200);
    expect(await streamed.text()).toBe("a,b\n1,2\n3,4\n");
  });

  it("answers a body that fails before its first byte through onError", async () => {
    const { a } = app();
    const res = await a.request("/fails-first");
    expect(res.status).toBe(503);
    expect(await res.text()).toBe("answered: no database");
  });

  it("fails a body that fails after its first byte, and logs it once with its path", async () => {
    const { a, lines } = app();
    const res = await a.request("/fails-later");
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow("no database");
    const failures = lines.filter((l) => l.msg.includes("failed part-way"));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 50, path: "/fails-later" });
    expect(failures[0]?.err?.message).toBe("no database");
  });
});
