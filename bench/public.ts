// The public pages against their floor: nginx serving the very same HTML, in the same run.
//
//   npm run build
//   node bench/public.ts [--database-url postgres://postgres@127.0.0.1:5432/carrierline_bench_public]
//     [--seconds 10] [--connections 50] [--rounds 3] [--path /]
//
// Starts the production build (on PGlite in a temporary folder without --database-url), takes
// the page's HTML from it, and has nginx (Debian's, on a free port, a temporary prefix) serve
// those bytes with a gzip copy beside them (gzip_static, as a CDN would keep them). Then, round
// after round, alternating, 50 connections in a closed loop (autocannon), asking for gzip:
//   nginx     the same HTML from nginx
//   cached    the page from our server: an anonymous visitor, the public page cache (decision 0032)
//   render    the same page with a query string, which the cache passes: React renders it afresh
// Prints req/s, p50/p95/p99 of each run, the medians, the ratios to nginx and the load average.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import { findNginx, nginxPrelude } from "#tests/integration/helpers/nginx.ts";
import { freePort, run, startServer } from "./support.ts";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
    path: { type: "string", default: "/" },
  },
});
const databaseUrl = z
  .string()
  .regex(/^postgres/)
  .optional()
  .parse(values["database-url"]);
const load = {
  seconds: z.coerce.number().int().positive().parse(values.seconds),
  connections: z.coerce.number().int().positive().parse(values.connections),
  // What Chrome asks for, less zstd: nginx has no zstd, and both sides then send gzip.
  headers: { "accept-encoding": "gzip, deflate, br" },
};
const rounds = z.coerce.number().int().positive().parse(values.rounds);
const path = z.string().startsWith("/").parse(values.path);

const nginxBinary = findNginx();
if (!nginxBinary) throw new Error("nginx is not installed (apt-get install nginx)");

/** nginx serving `html` at `path` (and its gzip copy) from a temporary prefix. */
async function startNginx(html: string, port: number) {
  const dir = mkdtempSync(join(tmpdir(), "carrierline-bench-nginx-"));
  const root = join(dir, "root");
  mkdirSync(join(dir, "logs"));
  mkdirSync(root);
  writeFileSync(join(root, "page.html"), html);
  writeFileSync(join(root, "page.html.gz"), gzipSync(html, { level: 9 }));
  writeFileSync(
    join(dir, "nginx.conf"),
    `${nginxPrelude(dir, { workerConnections: 1024 })}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    gzip_vary on;
    location / {
      default_type "text/html; charset=utf-8";
      try_files /page.html =404;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(
    nginxBinary ?? "nginx",
    ["-p", dir, "-c", join(dir, "nginx.conf")],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 200) throw new Error("nginx did not start");
    const ok = await fetch(base).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const env = {
  ...process.env,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DEMO_MODE: "true",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
  LOG_LEVEL: "warn",
};
const ours = await startServer(env);
const page = await fetch(ours.base + path, { headers: { "accept-encoding": "identity" } });
if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
const html = await page.text();
const nginx = await startNginx(html, await freePort());

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
const renderPath = `${path}${path.includes("?") ? "&" : "?"}bench=render`;
const targets = [
  { name: "nginx", base: nginx.base, path },
  { name: "cached", base: ours.base, path },
  { name: "render", base: ours.base, path: renderPath },
] as const;
const results = new Map<string, { rps: number[]; p99: number[] }>(
  targets.map((t) => [t.name, { rps: [], p99: [] }]),
);

try {
  process.stdout.write(
    `${path}: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KiB of HTML; ${load.connections} connections, ${load.seconds} s a run, ${rounds} rounds; load average ${loadAverage()}\n`,
  );
  for (const t of targets) await run("warmup", t.base, [{ path: t.path }], { ...load, seconds: 2 });
  for (let round = 1; round <= rounds; round++) {
    for (const t of targets) {
      const r = await run(t.name, t.base, [{ path: t.path }], load);
      const kept = results.get(t.name);
      kept?.rps.push(r.requests.average);
      kept?.p99.push(r.latency.p99);
    }
    process.stdout.write(`round ${round}: load average ${loadAverage()}\n`);
  }
  const floor = median(results.get("nginx")?.rps ?? []);
  process.stdout.write("\nmedians\n");
  for (const [name, r] of results) {
    const rps = median(r.rps);
    process.stdout.write(
      `${name.padEnd(6)} ${String(Math.round(rps)).padStart(6)} req/s   p99 ${median(r.p99)} ms   ${(rps / floor).toFixed(2)} × nginx\n`,
    );
  }
  process.stdout.write(`load average ${loadAverage()}\n`);
} finally {
  nginx.stop();
  ours.stop();
}
