// Certified-device directory under load: filtered, sorted page requests at 50 connections.
//
//   node bench/devices.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_bench \
//     --devices 100000 [--seconds 20] [--connections 50] [--rate 150]
//
// Without --rate the load is a closed loop: each connection sends its next request as soon as
// the last one answers, so the figures show the most the machine serves and the queueing that
// costs. With --rate N, a separate scenario, N requests a second leave evenly spaced over the
// connections whatever the server's pace (bench/paced.ts, an open loop): the latency an agent
// sees at that traffic, for the mix and for each view. A fixed-rate line is only valid when the
// server answers at the offered rate; the script says when it does not. `--connections 1` without
// --rate sends one request at a time, each when the last has answered, and reports each view.
//
// It migrates and seeds that database, fills certified_devices with N generated devices (skipped
// when the table already holds exactly N), starts the production build on a free port, signs in
// as the demo agent, and runs two scenarios over a rotating set of filters and sorts:
//   page  the server-rendered page (/dashboard/devices?…), as a browser asks for it (compressed)
//   data  the same URL's loader data only (React Router's .data request, as on client navigation)
import { fillDevices, seed } from "./fill.ts";
import { type PacedResult, paced, sequential } from "./paced.ts";
import { benchArgs, run, signInAsDemoAgent, startServer } from "./support.ts";
import { DEVICE_VIEWS, viewPaths } from "./views.ts";

const { databaseUrl, env, count: devices, load, rate } = benchArgs("devices", 100_000);
const { connections, seconds } = load;

// Filters and sorts an agent would use; each request takes the next one.
const HEADERS = (cookie: string) => ({
  cookie,
  // What Chrome sends: pages and loader data go out compressed, as they do to agents.
  "accept-encoding": "gzip, deflate, br, zstd",
});

function report(title: string, r: PacedResult, shortfall = "") {
  process.stdout.write(
    `${title.padEnd(6)} ${String(Math.round(r.achieved)).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms   p99 ${r.p99} ms   ${r.sent} requests, ${r.errors} errors${shortfall}\n`,
  );
  // Each view on its own: one slow view hides in the mix's p95 when the other eleven are quick.
  for (const [path, v] of r.byPath) {
    const view = decodeURIComponent(path.split("?")[1] ?? "(default)");
    process.stdout.write(`         ${view.padEnd(40)} p50 ${v.p50} ms   p95 ${v.p95} ms\n`);
  }
}

async function runPaced(title: string, base: string, paths: string[], cookie: string, n: number) {
  const r = await paced({ base, paths, headers: HEADERS(cookie), rate: n, seconds, connections });
  // Below the offered rate the server could not keep up, and the latencies describe a backlog.
  report(
    title,
    r,
    r.achieved < n * 0.95 ? `   NOT VALID: answered ${Math.round(r.achieved)} of ${n} req/s` : "",
  );
}

seed(env);
await fillDevices(env, databaseUrl, devices);

const { base, stop } = await startServer(env);
try {
  const cookie = await signInAsDemoAgent(base);
  const paths = viewPaths("/dashboard/devices", DEVICE_VIEWS);
  const dataPaths = viewPaths("/dashboard/devices.data", DEVICE_VIEWS);
  for (const path of paths) {
    const res = await fetch(base + path, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
  const shape = rate
    ? `fixed offered rate of ${rate} req/s over ${connections} connections`
    : connections === 1
      ? "one request at a time"
      : `${connections} connections in a closed loop`;
  process.stdout.write(
    `\n${devices.toLocaleString("en-US")} devices, ${shape}, ${seconds} s each, ${DEVICE_VIEWS.length} views in rotation\n`,
  );
  const closedLoop = { ...load, headers: HEADERS(cookie) };
  await run(
    "warmup",
    base,
    paths.map((path) => ({ path })),
    closedLoop,
  );
  if (rate) {
    await runPaced("page", base, paths, cookie, rate);
    await runPaced("data", base, dataPaths, cookie, rate);
  } else if (connections === 1) {
    report("page", await sequential({ base, paths, headers: HEADERS(cookie), seconds }));
    report("data", await sequential({ base, paths: dataPaths, headers: HEADERS(cookie), seconds }));
  } else {
    await run(
      "page",
      base,
      paths.map((path) => ({ path })),
      closedLoop,
    );
    await run(
      "data",
      base,
      dataPaths.map((path) => ({ path })),
      closedLoop,
    );
  }
} finally {
  stop();
}
