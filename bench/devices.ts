// Certified-device directory under load: filtered, sorted page requests at 50 connections.
//
//   node bench/devices.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_bench \
//     --devices 100000 [--seconds 20] [--connections 50] [--rate 150]
//
// Without --rate the load is a closed loop: each connection sends its next request as soon as
// the last one answers, so the figures show the most the machine serves and the queueing that
// costs. With --rate N, a separate scenario, N requests a second leave evenly spaced over the
// connections whatever the server's pace (bench/paced.ts, an open loop): the latency an agent
// sees at that traffic. A fixed-rate line is only valid when the server answers at the offered
// rate; the script says when it does not.
//
// It migrates and seeds that database, fills certified_devices with N generated devices (skipped
// when the table already holds exactly N), starts the production build on a free port, signs in
// as the demo agent, and runs two scenarios over a rotating set of filters and sorts:
//   page  the server-rendered page (/dashboard/devices?…), as a browser asks for it (compressed)
//   data  the same URL's loader data only (React Router's .data request, as on client navigation)
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { z } from "zod";
import { paced } from "./paced.ts";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    devices: { type: "string", default: "100000" },
    seconds: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    rate: { type: "string" },
  },
});
const databaseUrl = z
  .string()
  .regex(/^postgres/)
  .parse(values["database-url"]);
const devices = z.coerce.number().int().positive().parse(values.devices);
const seconds = z.coerce.number().int().positive().parse(values.seconds);
const connections = z.coerce.number().int().positive().parse(values.connections);
const rate = z.coerce.number().int().positive().optional().parse(values.rate);

// Filters and sorts an agent would use; each request takes the next one.
const VIEWS = [
  "",
  "sort=model",
  "carrier=verizon",
  "carrier=att&sort=os&dir=desc",
  "type=Router",
  "carrier=tmobile&type=Phone&sort=model",
  "q=galaxy",
  "q=cat-m1&sort=bands",
  "tech=5G NR&carrier=verizon",
  "q=sierra&type=Module",
  "sort=fiveGBands&dir=desc",
  "page=5&sort=deviceType",
];

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  DEMO_MODE: "true",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
  LOG_LEVEL: "warn",
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, server: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

const HEADERS = (cookie: string) => ({
  cookie,
  // What Chrome sends: pages and loader data go out compressed, as they do to agents.
  "accept-encoding": "gzip, deflate, br, zstd",
});

function run(title: string, url: string, requests: autocannon.Request[], cookie: string) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, headers: HEADERS(cookie), requests },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  }).then((r) => {
    const errors = r.errors + r.timeouts + (r.non2xx ?? 0);
    process.stdout.write(
      `${title.padEnd(6)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${r.latency.p50} ms   p95 ${percentile(r, 95)} ms   p99 ${r.latency.p99} ms   ${r.requests.total} requests, ${errors} errors\n`,
    );
    return r;
  });
}

async function runPaced(title: string, base: string, paths: string[], cookie: string, n: number) {
  const r = await paced({ base, paths, headers: HEADERS(cookie), rate: n, seconds, connections });
  // Below the offered rate the server could not keep up, and the latencies describe a backlog.
  const shortfall =
    r.achieved < n * 0.95 ? `   NOT VALID: answered ${Math.round(r.achieved)} of ${n} req/s` : "";
  process.stdout.write(
    `${title.padEnd(6)} ${String(Math.round(r.achieved)).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms   p99 ${r.p99} ms   ${r.sent} requests, ${r.errors} errors${shortfall}\n`,
  );
}

/** autocannon reports p90 and p97.5; p95 is interpolated between them. */
function percentile(r: autocannon.Result, p: 95): number {
  return (
    Math.round((r.latency.p90 + (r.latency.p97_5 - r.latency.p90) * ((p - 90) / 7.5)) * 10) / 10
  );
}

spawnSync("node", ["scripts/seed.ts"], { env, stdio: "inherit" });
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const { rows } = await client.query<{ n: number }>(
  "select count(*)::int as n from certified_devices",
);
await client.end();
if (rows[0]?.n !== devices) {
  spawnSync("node", ["scripts/generate-devices.ts", "--count", String(devices), "--replace"], {
    env,
    stdio: "inherit",
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn("node", ["build/server/index.js"], {
  env: {
    ...env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: base,
    DATA_DIR: mkdtempSync(join(tmpdir(), "bench-")),
  },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  await waitFor(`${base}/readyz`, server);
  const signIn = await fetch(`${base}/api/auth/sign-in/username`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: "demo", password: "carrierline-demo" }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const paths = VIEWS.map((v) => `/dashboard/devices${v ? `?${new URLSearchParams(v)}` : ""}`);
  const dataPaths = VIEWS.map(
    (v) => `/dashboard/devices.data${v ? `?${new URLSearchParams(v)}` : ""}`,
  );
  for (const path of paths) {
    const res = await fetch(base + path, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
  const load = rate
    ? `fixed offered rate of ${rate} req/s over ${connections} connections`
    : `${connections} connections in a closed loop`;
  process.stdout.write(
    `\n${devices.toLocaleString("en-US")} devices, ${load}, ${seconds} s each, ${VIEWS.length} views in rotation\n`,
  );
  await run(
    "warmup",
    base,
    paths.map((path) => ({ path })),
    cookie,
  );
  if (rate) {
    await runPaced("page", base, paths, cookie, rate);
    await runPaced("data", base, dataPaths, cookie, rate);
  } else {
    await run(
      "page",
      base,
      paths.map((path) => ({ path })),
      cookie,
    );
    await run(
      "data",
      base,
      dataPaths.map((path) => ({ path })),
      cookie,
    );
  }
} finally {
  server.kill("SIGTERM");
}
