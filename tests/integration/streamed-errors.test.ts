import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/http/app.ts";
import { signInCookie } from "./helpers/accounts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { capturingLogger } from "./helpers/logs.ts";
import { startTestServer, type TestRuntime } from "./helpers/runtime.ts";

// Issue 12, item 1: one GET used to end the process. A streamed body that fails part-way must
// reach nobody as an uncaught error: the client sees a cut connection (never a complete-looking
// file), the server logs it and goes on serving. Any body, any encoding.

const ENCODINGS = ["gzip", "br", "zstd", "identity"];
const ROWS = `${"Acme,Phone,LTE\n".repeat(400)}`;

type RawAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: number;
  /** The whole body arrived and the response ended as HTTP says it should. */
  complete: boolean;
};

/** A GET over a real socket, read to its end or to its cut (fetch would hide the difference). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { headers: { connection: "close", ...headers } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("error", () => undefined);
      res.on("close", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes,
          complete: res.complete,
        }),
      );
    });
    // Cut before the status line arrived: no answer at all, which is a cut too.
    req.on("error", () => resolve({ status: 0, headers: {}, bytes: 0, complete: false }));
    req.end();
  });
}

/** Failing bodies mounted on the real app, behind all of its middleware. */
function brokenBody(failAfterChunks: number, error: Error) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((r) => setTimeout(r, 2));
      if (sent === failAfterChunks) throw error;
      sent++;
      controller.enqueue(new TextEncoder().encode(ROWS));
    },
  });
}

const world = setUpTestRuntime({ demo: true });
let rt: TestRuntime;
let server: TestServer;
let log: ReturnType<typeof capturingLogger>;

beforeAll(async () => {
  ({ rt } = world());
  log = capturingLogger();
  const app = createApp({ runtime: { ...rt, logger: log.logger } });
  const csv = { "content-type": "text/csv; charset=utf-8" };
  app.get(
    "/test/fails-later",
    () =>
      new Response(brokenBody(3, new Error("a failure that is not about NUL")), { headers: csv }),
  );
  // Fails the moment its first bytes are taken, before the adapter has written the status line
  // (it reads ahead a little first): on a busy machine, any failing body can be this fast.
  app.get("/test/fails-at-once", () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) throw new Error("a failure before the status line left");
        sent = true;
        controller.enqueue(new TextEncoder().encode(ROWS));
      },
    });
    return new Response(body, { headers: csv });
  });
  app.get(
    "/test/fails-first",
    () =>
      new Response(
        brokenBody(0, Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
        { headers: csv },
      ),
  );
  // Answers only once its client has hung up, as React Router does (with a 500) for a page whose
  // request was aborted mid-render.
  app.get("/test/answers-too-late", async (c) => {
    const { signal } = c.req.raw;
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener("abort", () => resolve(), { once: true });
    });
    return c.text("nobody is listening", 500);
  });
  server = await startTestServer(app);
});

const alive = async () => (await fetch(`${server.url}/healthz`)).status;

describe("a body that fails after its first bytes", () => {
  for (const encoding of ENCODINGS) {
    it(`is cut, logged, and the server goes on (${encoding})`, async () => {
      const before = log.lines.length;
      const res = await rawGet(`${server.url}/test/fails-later`, { "accept-encoding": encoding });
      expect(res.status).toBe(200);
      expect(res.bytes).toBeGreaterThan(0);
      expect(res.complete).toBe(false);
      const failures = log.lines.slice(before).filter((l) => l.msg.includes("failed part-way"));
      expect(failures).toMatchObject([{ level: 50, path: "/test/fails-later" }]);
      expect(await alive()).toBe(200);
    });
  }
});

describe("a body that fails before the status line has left", () => {
  it("still sends the status and its first bytes, then cuts (identity)", async () => {
    const before = log.lines.length;
    const res = await rawGet(`${server.url}/test/fails-at-once`, { "accept-encoding": "identity" });
    expect(res.status).toBe(200);
    expect(res.bytes).toBe(ROWS.length);
    expect(res.complete).toBe(false);
    const failures = log.lines.slice(before).filter((l) => l.msg.includes("failed part-way"));
    expect(failures).toMatchObject([{ level: 50, path: "/test/fails-at-once" }]);
    expect(await alive()).toBe(200);
  });
});

describe("a request its client abandons", () => {
  it("is logged as abandoned, not as a failure of ours, and the server goes on", async () => {
    const before = log.lines.length;
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${server.url}/test/answers-too-late`);
      req.on("error", () => resolve());
      req.end();
      // Hang up once the server has the request in hand.
      setTimeout(() => req.destroy(), 100);
    });
    const logged = () => log.lines.slice(before).filter((l) => l.path === "/test/answers-too-late");
    await expect.poll(() => logged().length).toBe(1);
    expect(logged()).toMatchObject([{ level: 30, msg: "request abandoned", clientClosed: true }]);
    expect(await alive()).toBe(200);
  });
});

describe("a body that fails before its first byte", () => {
  for (const encoding of ENCODINGS) {
    it(`is answered as an error, 503 for an unreachable database (${encoding})`, async () => {
      const res = await fetch(`${server.url}/test/fails-first`, {
        headers: { "accept-encoding": encoding },
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.text()).toContain("briefly unavailable");
      expect(await alive()).toBe(200);
    });
  }
});

describe("the device export", () => {
  it("survives the request that used to end the process (?q=%00, gzip, signed in)", async () => {
    const cookie = await signInCookie(server.url, "demo", "carrierline-demo");
    for (const encoding of ENCODINGS) {
      const res = await rawGet(`${server.url}/api/devices.csv?q=%00`, {
        cookie,
        "accept-encoding": encoding,
      });
      // Refused at the edge (400), answered as an error, or cut (with or without a status line):
      // never a complete file.
      expect(res.status !== 200 || !res.complete, encoding).toBe(true);
      expect(await alive()).toBe(200);
    }
  });
});
