// Certified-device directory under load: filtered, sorted page requests at 50 connections.
//
//   node bench/devices.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_bench \
//     --devices 100000 [--seconds 20] [--connections 50]
//
// It migrates and seeds that database, fills certified_devices with N generated devices (skipped
// when the table already holds exactly N), starts the production build on a free port, signs in
// as the demo agent, and runs two scenarios over a rotating set of filters and sorts:
//   page  the server-rendered page (/dashboard/devices?…), as a browser asks for it
//   data  the same URL's loader data only (React Router's .data request, as on client navigation)
import { spawnSync } from "node:child_process";
import pg from "pg";
import { benchArgs, run, startServer } from "./support.ts";

const { databaseUrl, env, count: devices, load } = benchArgs("devices", 100_000);
const { connections, seconds } = load;

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

const { base, stop } = await startServer(env);
try {
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
  process.stdout.write(
    `\n${devices.toLocaleString("en-US")} devices, ${connections} connections, ${seconds} s each, ${VIEWS.length} views in rotation\n`,
  );
  await run(
    "warmup",
    base,
    paths.map((path) => ({ path })),
    { ...load, headers: { cookie } },
  );
  await run(
    "page",
    base,
    paths.map((path) => ({ path })),
    { ...load, headers: { cookie } },
  );
  await run(
    "data",
    base,
    dataPaths.map((path) => ({ path })),
    { ...load, headers: { cookie } },
  );
} finally {
  stop();
}
