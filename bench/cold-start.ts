// Cold start: from spawning the process to its first 200, with data already in the database.
//
//   npm run build
//   node bench/cold-start.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_bench_deals [--runs 7]
//
// Ours: `node build/server/index.js` on that database (migrated and seeded by an earlier bench
// or start), until GET /healthz answers 200. The floor, in the same run and alternating with
// ours: a bare Hono server that opens a pg pool, runs `select 1` and listens (issue 19's
// baseline). Prints each run, the medians, the ratio, and the load average.
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { z } from "zod";
import { freePort } from "./support.ts";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    runs: { type: "string", default: "7" },
    // Another build's server entry to time in the same alternation (a "before", say).
    also: { type: "string" },
  },
});
const databaseUrl = z
  .string()
  .regex(/^postgres/)
  .parse(values["database-url"]);
const runs = z.coerce.number().int().positive().parse(values.runs);

const BARE = `
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
await pool.query("select 1");
const app = new Hono().get("/healthz", (c) => c.json({ status: "ok" }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
`;

async function timeToFirst200(args: string[]): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("node", args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const contenders: { name: string; args: string[]; ms: number[] }[] = [
  { name: "ours", args: ["build/server/index.js"], ms: [] },
  { name: "bare", args: ["--input-type=module", "-e", BARE], ms: [] },
  ...(values.also ? [{ name: values.also, args: [values.also], ms: [] }] : []),
];
print(`load average before: ${loads()}`);
// One of each first, not counted: it warms the file cache for all.
for (const c of contenders) await timeToFirst200(c.args);
for (let i = 0; i < runs; i++) {
  const line: string[] = [];
  for (const c of contenders) {
    const ms = await timeToFirst200(c.args);
    c.ms.push(ms);
    line.push(`${c.name} ${Math.round(ms)} ms`);
  }
  print(`run ${i + 1}: ${line.join(", ")}`);
}
const bareMedian = median(contenders[1]?.ms ?? []);
for (const c of contenders) {
  const m = median(c.ms);
  print(`median ${c.name}: ${Math.round(m)} ms, ${(m / bareMedian).toFixed(1)}× bare`);
}
print("target: ours ≤ 1,000 ms");
print(`load average after: ${loads()}`);
