import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SESSION_CACHE_TTL_MS } from "#server/runtime.server.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/database.ts";
import { cookieJar, send } from "./helpers/http-client.ts";
import { findNginx, hasOpenssl, startTlsProxy, type TlsProxy } from "./helpers/nginx.ts";
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

// Two production server processes on one PostgreSQL database, behind nginx (round robin, TLS):
// what one process counts or ends, the other must see. Limits live in the database, and a
// sign-out reaches the other process's session cache within SESSION_CACHE_TTL_MS (decision 0004).
const POSTGRES = TEST_POSTGRES;

const nginx = findNginx();
const missing = [
  ...(await missingPostgres()),
  ...(nginx ? [] : ["nginx (Debian: apt-get install nginx)"]),
  ...(hasOpenssl() ? [] : ["openssl"]),
];

describeWhenAvailable("two server processes behind nginx", missing, () => {
  let database: TestDatabase;
  let dataDir: string;
  let servers: ServerProcess[] = [];
  let proxy: TlsProxy;
  let PUBLIC: string;

  beforeAll(async () => {
    ensureProductionBuild();
    database = await createTestDatabase({ serverUrl: POSTGRES });
    dataDir = mkdtempSync(join(tmpdir(), "carrierline-two-servers-"));
    const [proxyPort, ...ports] = [await freePort(), await freePort(), await freePort()];
    PUBLIC = `https://localhost:${proxyPort}`;
    // One after the other: the first seeds the demo company, the second finds it there.
    for (const [i, port] of ports.entries()) {
      servers.push(
        await startServerProcess({
          port,
          env: {
            DATABASE_URL: database.url ?? "",
            AUTH_SECRET: "two-servers-test-secret-that-is-long-enough",
            BASE_URL: PUBLIC,
            TRUST_PROXY: "1",
            DEMO_MODE: "true",
            DATA_DIR: join(dataDir, `server-${i}`),
            LOG_LEVEL: "warn",
            WAITLIST_RATE_LIMIT: "3",
          },
        }),
      );
    }
    proxy = await startTlsProxy({
      nginx: nginx ?? "nginx",
      port: proxyPort ?? 0,
      upstreams: servers.map((s) => new URL(s.url).host),
    });
  }, 300_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
    await database?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A JSON POST through the proxy from one loopback address, as the browser sends it. */
  const post = (path: string, from: string, body: unknown, headers: Record<string, string> = {}) =>
    send(`${proxy.url}${path}`, {
      from,
      ca: proxy.ca,
      headers: { "content-type": "application/json", origin: PUBLIC, ...headers },
      body: JSON.stringify(body),
    });
  const signIn = (from: string, username: string, password: string) =>
    post("/api/auth/sign-in/username", from, { username, password });
  const upstreams = (answers: Response[]) =>
    new Set(answers.map((r) => r.headers.get("x-upstream")));

  it("holds the per-address sign-in limit across both: 20 a minute in all, not 20 each", async () => {
    const answers: Response[] = [];
    // A new name each time, so the per-account lockout is not what stops them.
    for (let i = 0; i < 24; i++) answers.push(await signIn("127.0.0.2", `nobody_${i}`, "wrong-1"));
    expect(upstreams(answers).size).toBe(2);
    expect(answers.map((r) => r.status)).toEqual([...Array(20).fill(400), ...Array(4).fill(429)]);
    // Another address is its own client: the admin signs in.
    expect((await signIn("127.0.0.3", "admin", "carrierline-admin")).status).toBe(200);
  });

  it("holds the per-address waitlist limit across both", async () => {
    const answers: Response[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push(
        await post("/api/waitlist", "127.0.0.4", {
          name: `Two Servers ${i}`,
          email: `two.servers.${i}@example.com`,
          company: "Two Servers Co",
        }),
      );
    }
    expect(upstreams(answers).size).toBe(2);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
  });

  it("locks an account after 10 failures in all, whichever server counted them", async () => {
    const answers: Response[] = [];
    for (let i = 0; i < 10; i++) answers.push(await signIn("127.0.1.1", "demo", `no-${i}`));
    expect(upstreams(answers).size).toBe(2);
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(400));
    const right = await signIn("127.0.1.1", "demo", "carrierline-demo");
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ code: "ACCOUNT_LOCKED" });
  });

  it("refuses a session on the other server within the session cache time of a sign-out", async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error("two servers expected");
    const jar = cookieJar();
    // Signed in through the proxy, on the sign-in page of the production build, over https.
    const signedIn = await send(`${proxy.url}/login`, {
      from: "127.0.0.5",
      ca: proxy.ca,
      headers: { origin: PUBLIC },
      body: new URLSearchParams({ username: "admin", password: "carrierline-admin" }),
    });
    expect(signedIn.status).toBe(302);
    jar.take(signedIn);
    const session = (server: ServerProcess) =>
      send(`${server.url}/api/session`, { headers: { cookie: jar.header() } });
    // Both processes know the session (and keep it in their cache).
    expect((await session(first)).status).toBe(200);
    expect((await session(second)).status).toBe(200);

    const signedOut = await send(`${first.url}/api/session/sign-out`, {
      headers: { cookie: jar.header(), origin: PUBLIC, "content-type": "application/json" },
      body: JSON.stringify({ scope: "local" }),
    });
    expect(signedOut.status).toBe(204);
    const ended = performance.now();
    expect((await session(first)).status).toBe(401);
    let refusedAfter = Number.POSITIVE_INFINITY;
    while (performance.now() - ended < SESSION_CACHE_TTL_MS + 2_000) {
      if ((await session(second)).status === 401) {
        refusedAfter = performance.now() - ended;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The cache's bound, plus one step of this loop and a request in flight on a busy machine.
    expect(refusedAfter).toBeLessThanOrEqual(SESSION_CACHE_TTL_MS + 1_000);
  });
});
