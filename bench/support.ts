// Shared pieces of the load benchmarks: a free port, the production server, and the figures.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type autocannon from "autocannon";

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

/** Starts the production build (npm run build first) and resolves once /readyz answers. */
export async function startServer(
  env: NodeJS.ProcessEnv,
): Promise<{ base: string; stop: () => void }> {
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
    // The server's own output is kept: a refused configuration says why here.
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitFor(`${base}/readyz`, server);
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }
  return { base, stop: () => server.kill("SIGTERM") };
}

/** autocannon reports p90 and p97.5; p95 is interpolated between them. */
export function p95(r: autocannon.Result): number {
  return (
    Math.round((r.latency.p90 + (r.latency.p97_5 - r.latency.p90) * ((95 - 90) / 7.5)) * 10) / 10
  );
}

export function summary(title: string, r: autocannon.Result): string {
  const errors = r.errors + r.timeouts + (r.non2xx ?? 0);
  return `${title.padEnd(6)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${r.latency.p50} ms   p95 ${p95(r)} ms   p99 ${r.latency.p99} ms   ${r.requests.total} requests, ${errors} errors`;
}
