// Server CPU a signed-in portal request: the process's own CPU time (/proc/<pid>/stat, user +
// system ticks) over N sequential requests, so the figure holds on a machine other work shares
// (a latency figure would not), and builds compare by alternating in one run.
//
//   npm run build
//   node bench/portal-cpu.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_bench_deals \
//     [--pages deals,deals-data,devices,devices-data,home,shell,shell-data,bell,healthz] [--requests 200] [--rounds 3] \
//     [--also /tmp/before/build/server/index.js] [--cpu-prof DIR]
//
// The database must already hold what the pages show (bench/deals.ts fills the board,
// bench/devices.ts the device directory); it is not migrated, seeded or filled here. Each round
// starts every build afresh, signs in as the demo agent, warms up with a quarter of N requests,
// then counts the ticks over N requests in rotation over the page's views (the views of
// bench/deals.ts and bench/devices.ts), asked for as Chrome asks (compressed). Prints ms of CPU
// a request per page, build and round, the medians and the ratio, and the load average.
// `--cpu-prof DIR`: one more run of this build under `node --cpu-prof`, the profile in DIR.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { z } from "zod";
import { benchServerEnv, signInAsDemoAgent, startServer } from "./support.ts";
import { DEAL_VIEWS, DEVICE_VIEWS, viewPaths } from "./views.ts";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    pages: { type: "string", default: "deals,devices" },
    requests: { type: "string", default: "200" },
    rounds: { type: "string", default: "3" },
    also: { type: "string" },
    "cpu-prof": { type: "string" },
  },
});
const databaseUrl = z
  .string()
  .regex(/^postgres/)
  .parse(values["database-url"]);
const requests = z.coerce.number().int().positive().parse(values.requests);
const rounds = z.coerce.number().int().nonnegative().parse(values.rounds);

const PAGES: Record<string, string[]> = {
  deals: viewPaths("/dashboard/deals", DEAL_VIEWS),
  "deals-data": viewPaths("/dashboard/deals.data", DEAL_VIEWS),
  devices: viewPaths("/dashboard/devices", DEVICE_VIEWS),
  "devices-data": viewPaths("/dashboard/devices.data", DEVICE_VIEWS),
  home: ["/dashboard"],
  // The portal shell around a page whose own loader and content are small: the floor of a page.
  shell: ["/dashboard/resources"],
  // The pieces of the shell, to see where a page's time goes: the same page's loader data,
  // the session and one statement without React Router, and every middleware alone.
  "shell-data": ["/dashboard/resources.data"],
  bell: ["/api/notifications"],
  healthz: ["/healthz"],
};
const pages = z
  .array(z.enum(Object.keys(PAGES) as [string, ...string[]]))
  .parse(values.pages.split(","));

const env = {
  ...benchServerEnv(databaseUrl),
  WEB_CONCURRENCY: "1",
};

/** The process's user + system CPU time in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Ticks are 1/100 s on Linux (CLK_TCK); fields counted from the state, the third of the line.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function sequential(base: string, list: string[], n: number, cookie: string) {
  const headers = { cookie, "accept-encoding": "gzip, deflate, br, zstd" };
  for (let i = 0; i < n; i++) {
    const path = list[i % list.length] ?? "/";
    const res = await fetch(base + path, { headers });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    await res.arrayBuffer();
  }
}

/** ms of server CPU a request for each page, one fresh server. */
async function measure(entry: string, nodeArgs: string[] = []): Promise<Record<string, number>> {
  const server = await startServer(env, entry, nodeArgs);
  try {
    const cookie = await signInAsDemoAgent(server.base);
    const result: Record<string, number> = {};
    for (const page of pages) {
      const list = PAGES[page] ?? [];
      await sequential(server.base, list, Math.max(list.length, Math.round(requests / 4)), cookie);
      const before = cpuMs(server.pid);
      await sequential(server.base, list, requests, cookie);
      result[page] = (cpuMs(server.pid) - before) / requests;
    }
    return result;
  } finally {
    await server.stopped();
  }
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const builds = [
  { name: "ours", entry: "build/server/index.js" },
  ...(values.also ? [{ name: "also", entry: values.also }] : []),
];
const figures = new Map<string, number[]>();
print(`${requests} sequential requests a page, ${rounds} rounds; load average ${loads()}`);
for (let round = 1; round <= rounds; round++) {
  // Alternate which build goes first, so a drift in the machine's load favours neither.
  const order = round % 2 === 1 ? builds : [...builds].reverse();
  for (const build of order) {
    const result = await measure(build.entry);
    const line = pages.map((p) => `${p} ${(result[p] ?? 0).toFixed(2)} ms`).join("   ");
    print(`round ${round} ${build.name.padEnd(4)} ${line}   (load ${loads()})`);
    for (const page of pages) {
      const key = `${build.name} ${page}`;
      figures.set(key, [...(figures.get(key) ?? []), result[page] ?? 0]);
    }
  }
}
for (const page of pages) {
  const ours = median(figures.get(`ours ${page}`) ?? []);
  const also = median(figures.get(`also ${page}`) ?? []);
  print(
    `median ${page}: ours ${ours.toFixed(2)} ms` +
      (values.also ? `, also ${also.toFixed(2)} ms, ours/also ${(ours / also).toFixed(2)}` : ""),
  );
}
if (values["cpu-prof"]) {
  await measure("build/server/index.js", ["--cpu-prof", `--cpu-prof-dir=${values["cpu-prof"]}`]);
  print(`CPU profile written to ${values["cpu-prof"]}`);
}
print(`load average ${loads()}`);
