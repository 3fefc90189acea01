import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helpers/database.ts";
import { cookieJar, send } from "./helpers/http-client.ts";
import {
  describeWhenAvailable,
  freePort,
  missingPostgres,
  TEST_POSTGRES,
} from "./helpers/requirements.ts";
import {
  ensureProductionBuild,
  type ServerProcess,
  startServerProcess,
} from "./helpers/server-process.ts";

// WEB_CONCURRENCY=2 (decision 0020): one production server as two processes on one port, each
// new connection handed to the next. Unlike two separate servers (two-servers.test.ts), the
// workers tell each other of a sign-out, so a session ends on both at once, not within the
// session cache's five seconds.
const POSTGRES = TEST_POSTGRES;

const missing = await missingPostgres();

describeWhenAvailable("one server as two processes", missing, () => {
  let database: TestDatabase;
  let dataDir: string;
  let server: ServerProcess;
  let BASE: string;

  beforeAll(async () => {
    ensureProductionBuild();
    database = await createTestDatabase({ serverUrl: POSTGRES });
    dataDir = mkdtempSync(join(tmpdir(), "carrierline-workers-"));
    const port = await freePort();
    BASE = `http://127.0.0.1:${port}`;
    server = await startServerProcess({
      port,
      env: {
        DATABASE_URL: database.url ?? "",
        AUTH_SECRET: "server-workers-test-secret-that-is-long-enough",
        BASE_URL: BASE,
        DEMO_MODE: "true",
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        WEB_CONCURRENCY: "2",
      },
    });
    // /readyz answers once the first worker serves; the banner comes once both do.
    for (
      let waited = 0;
      waited < 30_000 && !server.output().includes("2 processes");
      waited += 100
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    await database?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts two serving processes after preparing the database once", () => {
    const output = server.output();
    expect(output).toContain("(port ");
    expect(output).toContain("2 processes");
    // Each worker says it started; the banner is said once, by the primary.
    expect(output.match(/"msg":"server started"/g)?.length).toBe(2);
    expect(output.match(/Carrierline is ready at/g)?.length).toBe(1);
  });

  it("ends a signed-out session on both processes at once", async () => {
    const jar = cookieJar();
    const signedIn = await send(`${BASE}/login`, {
      headers: { origin: BASE },
      body: new URLSearchParams({ username: "admin", password: "carrierline-admin" }),
    });
    expect(signedIn.status).toBe(302);
    jar.take(signedIn);
    // A new connection each time: the processes take turns, and each remembers the session.
    const sessions = async (n: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) {
        statuses.push(
          (await send(`${BASE}/api/session`, { headers: { cookie: jar.header() } })).status,
        );
      }
      return statuses;
    };
    expect(await sessions(8)).toEqual(Array(8).fill(200));

    const signedOut = await send(`${BASE}/api/session/sign-out`, {
      headers: { cookie: jar.header(), origin: BASE, "content-type": "application/json" },
      body: JSON.stringify({ scope: "local" }),
    });
    expect(signedOut.status).toBe(204);
    // Every one refused, on whichever process: none answers from a remembered session.
    expect(await sessions(8)).toEqual(Array(8).fill(401));
  });

  it("keeps an idle connection open past Node's 5 s for the client's next request", async () => {
    // A client reusing a connection the server had just closed got a reset (ECONNRESET), as a
    // browser test's request context did on CI after 8 s on one page (server/http/keep-alive.ts).
    const socket = connect(Number(new URL(BASE).port), "127.0.0.1");
    let received = "";
    let closed = false;
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    socket.on("close", () => {
      closed = true;
    });
    const answer = async (n: number) => {
      for (let waited = 0; waited < 10_000; waited += 20) {
        if ((received.match(/HTTP\/1\.1 200 OK/g)?.length ?? 0) >= n) return;
        if (closed) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no answer ${n} (closed: ${closed}):\n${received}`);
    };
    const request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n";
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(request);
    await answer(1);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(closed).toBe(false);
    socket.write(request);
    await answer(2);
    socket.destroy();
  }, 30_000);

  it("stops both processes on SIGTERM, finishing cleanly", async () => {
    await server.close();
    expect(server.output()).toContain("stopping the server processes");
    expect(server.output().match(/"msg":"database closed"/g)?.length).toBe(2);
  });
});
