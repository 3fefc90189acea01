import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "#server/platform/config.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createRuntime, type Runtime } from "#server/runtime.server.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/database.ts";
import { createTestApp, startTestServer, TEST_BASE_URL } from "./helpers/runtime.ts";

// The auth service's logs as production writes them: JSON lines through pino, never plain text
// on the console, and never the values of a failed query (emails, names, phone numbers).

const lines: string[] = [];
let database: TestDatabase;
let runtime: Runtime;
let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir = "";

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "carrierline-logs-"));
  const config = loadConfig({
    AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    DATA_DIR: dataDir,
    BASE_URL: TEST_BASE_URL,
    DEMO_MODE: "false",
    LOG_LEVEL: "info",
  });
  database = await createTestDatabase();
  const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
  runtime = await createRuntime(config, { database, logger });
  server = await startTestServer(createTestApp(runtime));
});

afterAll(async () => {
  await server?.close();
  await database?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const PRIVATE_EMAIL = "ana.private@secret-clinic.example";

describe("a database failure inside the auth service", () => {
  it("is one JSON log line with the query but not its values, and nothing on the console", async () => {
    // The accounts table goes missing: every sign-in query now fails with its values attached.
    await database.db.execute(sql`alter table agent_users rename to agent_users_gone`);
    const stdout = vi.spyOn(process.stdout, "write");
    const stderr = vi.spyOn(process.stderr, "write");
    try {
      lines.length = 0;
      const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_BASE_URL },
        body: JSON.stringify({ email: PRIVATE_EMAIL, password: "a-password-1" }),
      });
      expect(res.status).toBe(500);
      expect(JSON.stringify(await res.json())).not.toContain("agent_users");
      const written = [...stdout.mock.calls, ...stderr.mock.calls].map((call) => String(call[0]));
      expect(written.join("")).not.toContain(PRIVATE_EMAIL);
      expect(written.join("")).not.toContain("SERVER_ERROR");
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
      await database.db.execute(sql`alter table agent_users_gone rename to agent_users`);
    }

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.join("")).not.toContain(PRIVATE_EMAIL);
    expect(lines.join("")).not.toContain("secret-clinic");
    const failure = records.find((r) => r.level === 50 && typeof r.err === "object");
    expect(failure, lines.join("")).toBeDefined();
    const err = JSON.stringify(failure?.err);
    // The reader still sees which statement failed, and why.
    expect(err).toContain("agent_users");
    expect(err).toContain("params: [redacted]");
  });
});
