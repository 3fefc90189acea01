import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { createApp } from "#server/http/app.ts";
import { answerClientErrors } from "#server/http/client-errors.ts";
import { loadConfig } from "#server/platform/config.ts";
import { createRuntime, type Runtime } from "#server/runtime.server.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export const TEST_BASE_URL = "http://localhost:3999";

export type TestRuntime = Runtime & { testDatabase: TestDatabase; dispose(): Promise<void> };

/** A real runtime (database, Better Auth, storage) on a throwaway database and data folder. */
export async function createTestRuntime(env: Record<string, string> = {}): Promise<TestRuntime> {
  const dataDir = mkdtempSync(join(tmpdir(), "carrierline-test-"));
  const config = loadConfig({
    AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    DATA_DIR: dataDir,
    BASE_URL: TEST_BASE_URL,
    DEMO_MODE: "false",
    LOG_LEVEL: "silent",
    ...env,
  });
  const testDatabase = await createTestDatabase();
  const runtime = await createRuntime(config, {
    database: testDatabase,
    logger: pino({ level: "silent" }),
  });
  return {
    ...runtime,
    testDatabase,
    dispose: async () => {
      await runtime.billJobs.stop();
      await testDatabase.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function createTestApp(runtime: Runtime) {
  return createApp({ runtime });
}

/** A request as a browser on our own origin would send it. */
export function sameOriginRequest(path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set("origin", TEST_BASE_URL);
  if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
  return new Request(`${TEST_BASE_URL}${path}`, { ...init, headers });
}

/** Serves an app on a real HTTP socket (port chosen by the OS), as production does. */
export async function startTestServer(app: ReturnType<typeof createApp>) {
  const { serve } = await import("@hono/node-server");
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
      answerClientErrors(server);
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
