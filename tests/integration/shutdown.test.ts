import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pino from "pino";
import { beforeAll, expect, it } from "vitest";
import { gracefulShutdown } from "#server/http/shutdown.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import { createTestApp, createTestRuntime, type TestRuntime } from "./helpers/runtime.ts";

const world = setUpTestRuntime();
let rt: TestRuntime;

beforeAll(() => {
  ({ rt } = world());
});

it("finishes the request in flight, refuses new ones, then closes the database", async () => {
  const events: string[] = [];
  const app = new Hono();
  app.get("/slow", async (c) => {
    await new Promise((r) => setTimeout(r, 400));
    events.push("responded");
    return c.text("finished");
  });
  app.route("/", createTestApp(rt));

  const { server, url } = await new Promise<{ server: ReturnType<typeof serve>; url: string }>(
    (resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
        resolve({ server: s, url: `http://127.0.0.1:${info.port}` }),
      );
    },
  );
  expect((await fetch(`${url}/readyz`)).status).toBe(200);

  const inFlight = fetch(`${url}/slow`);
  await new Promise((r) => setTimeout(r, 100));
  const done = gracefulShutdown({
    server,
    closeDatabase: async () => {
      events.push("database closing");
      await rt.database.close();
    },
    logger: pino({ level: "silent" }),
    graceMs: 5_000,
  });

  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.text()).toBe("finished");
  expect(await done).toBe(true);
  expect(events).toEqual(["responded", "database closing"]);
  await expect(rt.database.ping()).rejects.toThrow();
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
