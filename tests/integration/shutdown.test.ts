import { Agent, get } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pino from "pino";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createApp } from "#server/http/app.ts";
import { createDraining, type Draining } from "#server/http/draining.ts";
import { gracefulShutdown } from "#server/http/shutdown.ts";
import { createTestRuntime, type TestRuntime } from "./helpers/runtime.ts";

// Each test shuts a server and its database down, so each has its own.
let rt: TestRuntime;
beforeEach(async () => {
  rt = await createTestRuntime();
});
afterEach(async () => {
  await rt.dispose();
});

const silent = pino({ level: "silent" });

/** The app as server/main.ts builds it, with the test's own routes in front. */
async function startServer(draining: Draining, routes: (app: Hono) => void) {
  const app = new Hono();
  app.use(draining.count);
  routes(app);
  app.route("/", createApp({ runtime: rt, draining }));
  return new Promise<{ server: ReturnType<typeof serve>; url: string }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve({ server: s, url: `http://127.0.0.1:${info.port}` }),
    );
  });
}

/** "status body", or why the request failed (a reset connection). */
function fetchText(url: string, agent: Agent): Promise<string> {
  return new Promise((resolve) => {
    get(url, { agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve(`${response.statusCode} ${body}`));
    }).on("error", (error) => resolve(`failed: ${error.message}`));
  });
}

function shutDown(server: ReturnType<typeof serve>, draining: Draining, events: string[] = []) {
  return gracefulShutdown({
    server,
    draining,
    closeDatabase: async () => {
      events.push("database closing");
      await rt.database.close();
    },
    logger: silent,
    graceMs: 5_000,
  });
}

it("finishes the request in flight, says it is stopping, stops listening, then closes the database", async () => {
  const events: string[] = [];
  const draining = createDraining();
  const { server, url } = await startServer(draining, (app) =>
    app.get("/slow", async (c) => {
      await new Promise((r) => setTimeout(r, 400));
      events.push("responded");
      return c.text("finished");
    }),
  );
  expect((await fetch(`${url}/readyz`)).status).toBe(200);

  const inFlight = fetch(`${url}/slow`);
  await new Promise((r) => setTimeout(r, 100));
  const done = shutDown(server, draining, events);

  // A load balancer's check during the drain takes the server out of rotation.
  const readiness = await fetch(`${url}/readyz`);
  expect(readiness.status).toBe(503);
  expect(await readiness.json()).toMatchObject({ status: "stopping" });
  expect(readiness.headers.get("connection")).toBe("close");

  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.text()).toBe("finished");
  expect(await done).toBe(true);
  expect(events).toEqual(["responded", "database closing"]);
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  await expect(rt.database.ping()).rejects.toThrow();
});

it("answers every connection still waiting to be accepted, and ends without waiting out the grace period", async () => {
  const draining = createDraining();
  const { server, url } = await startServer(draining, (app) =>
    app.get("/busy", (c) => {
      // Keeps the event loop busy, as rendering pages does, so connections queue in the kernel.
      const until = performance.now() + 15;
      while (performance.now() < until) {}
      return c.text("done");
    }),
  );
  // One connection a request; each client keeps its connection open afterwards, as browsers do.
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000, maxSockets: 64 });
  try {
    const outcomes = Array.from({ length: 30 }, () => fetchText(`${url}/busy`, agent));
    await new Promise((r) => setTimeout(r, 20));
    const started = performance.now();
    const done = shutDown(server, draining);

    expect(await Promise.all(outcomes)).toEqual(Array(30).fill("200 done"));
    expect(await done).toBe(true);
    // Kept-alive connections are closed once idle: the 5 s grace period is not what ended it.
    expect(performance.now() - started).toBeLessThan(4_000);
  } finally {
    agent.destroy();
  }
});

it("keeps the database open for a handler whose client has already left", async () => {
  const events: string[] = [];
  const draining = createDraining();
  const { server, url } = await startServer(draining, (app) =>
    app.get("/left", async (c) => {
      await new Promise((r) => setTimeout(r, 500));
      await rt.database.ping();
      events.push("handler read the database");
      return c.text("nobody is listening");
    }),
  );
  const client = new AbortController();
  const request = fetch(`${url}/left`, { signal: client.signal }).catch(() => "aborted");
  await new Promise((r) => setTimeout(r, 50));
  client.abort();
  expect(await request).toBe("aborted");

  expect(await shutDown(server, draining, events)).toBe(true);
  expect(events).toEqual(["handler read the database", "database closing"]);
});

it("closing the database again waits for the same close instead of failing", async () => {
  const other = await createTestRuntime();
  try {
    const first = other.database.close();
    const second = other.database.close();
    await expect(second).resolves.toBeUndefined();
    await expect(first).resolves.toBeUndefined();
    await expect(other.database.ping()).rejects.toThrow();
  } finally {
    await other.dispose();
  }
});
