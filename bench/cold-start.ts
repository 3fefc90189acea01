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

const { values } = parseArgs({
  options: { "database-url": { type: "string" }, runs: { type: "string", default: "7" } },
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

let nextPort = 47_000 + Math.floor(Math.random() * 1_000);

async function timeToFirst200(args: string[]): Promise<number> {
  const port = nextPort++;
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
const ours: number[] = [];
const bare: number[] = [];
print(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
// One of each first, not counted: it warms the file cache for both.
await timeToFirst200(["build/server/index.js"]);
await timeToFirst200(["--input-type=module", "-e", BARE]);
for (let i = 0; i < runs; i++) {
  ours.push(await timeToFirst200(["build/server/index.js"]));
  bare.push(await timeToFirst200(["--input-type=module", "-e", BARE]));
  print(`run ${i + 1}: ours ${Math.round(ours[i] ?? 0)} ms, bare ${Math.round(bare[i] ?? 0)} ms`);
}
const [o, b] = [median(ours), median(bare)];
print(
  `median: ours ${Math.round(o)} ms, bare ${Math.round(b)} ms, ours / bare ${(o / b).toFixed(1)}× (target: ours ≤ 1,000 ms)`,
);
print(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
