// Shared by the benchmarks: a free port, the production server on it, and one autocannon run.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { z } from "zod";

/** The environment of the production server a benchmark starts: demo data, quiet logs. */
export function benchServerEnv(databaseUrl: string) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DEMO_MODE: "true",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    LOG_LEVEL: "warn",
  };
}

/**
 * The options every benchmark takes (--database-url, --seconds, --connections) plus its own row
 * count (`--devices`, `--posts`), and the environment its server runs with.
 */
export function benchArgs(countOption: string, defaultCount: number) {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      [countOption]: { type: "string", default: String(defaultCount) },
      seconds: { type: "string", default: "20" },
      connections: { type: "string", default: "50" },
      // A fixed offered rate (requests a second) instead of the closed loop, where supported.
      rate: { type: "string" },
      // Server processes (WEB_CONCURRENCY): 1 unless asked.
      workers: { type: "string", default: "1" },
    },
  });
  const databaseUrl = z
    .string()
    .regex(/^postgres/)
    .parse(values["database-url"]);
  const env = {
    ...benchServerEnv(databaseUrl),
    WEB_CONCURRENCY: String(z.coerce.number().int().min(1).max(64).parse(values.workers)),
  };
  return {
    databaseUrl,
    env,
    count: z.coerce.number().int().positive().parse(values[countOption]),
    rate: z.coerce.number().int().positive().optional().parse(values.rate),
    load: {
      seconds: z.coerce.number().int().positive().parse(values.seconds),
      connections: z.coerce.number().int().positive().parse(values.connections),
    },
  };
}

/** The p-th percentile (0–100) of latencies sorted ascending, to 0.1 ms; 0 when there are none. */
export const percentileOf = (sorted: readonly number[], p: number) =>
  Math.round(
    (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0) * 10,
  ) / 10;

export function freePort(): Promise<number> {
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

/**
 * The production build (build/server/index.js, or another build's entry) on a free port, ready
 * to answer; `nodeArgs` go before the entry (`--cpu-prof`, say).
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  entry = "build/server/index.js",
  nodeArgs: string[] = [],
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn("node", [...nodeArgs, entry], {
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: base,
      DATA_DIR: mkdtempSync(join(tmpdir(), "bench-")),
    },
    // The server's own output is kept: a refused configuration says why here.
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitFor(`${base}/readyz`, server);
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }
  const exited = new Promise((resolve) => server.once("exit", resolve));
  return {
    base,
    pid: server.pid ?? 0,
    stop: () => server.kill("SIGTERM"),
    /** Stops the server and waits until it has exited (a CPU profile is written by then). */
    stopped: () => {
      server.kill("SIGTERM");
      return exited;
    },
  };
}

/** Signs in as the demo agent; answers the session's Cookie header. */
export async function signInAsDemoAgent(base: string): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/sign-in/username`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: "demo", password: "carrierline-demo" }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** autocannon reports p90 and p97.5; p95 is interpolated between them. */
function percentile(r: autocannon.Result, p: 95): number {
  return (
    Math.round((r.latency.p90 + (r.latency.p97_5 - r.latency.p90) * ((p - 90) / 7.5)) * 10) / 10
  );
}

export type Load = { connections: number; seconds: number; headers?: Record<string, string> };

/** One closed-loop run over `requests` in rotation; prints req/s and latency percentiles. */
export function run(title: string, url: string, requests: autocannon.Request[], load: Load) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: load.connections,
        duration: load.seconds,
        headers: load.headers ?? {},
        requests,
      },
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
