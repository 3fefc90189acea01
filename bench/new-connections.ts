// What a visitor on a new connection waits for while other connections keep the server busy
// (issue 19's p99 stalls, decision 0039, fifth addendum).
//
//   npm run build
//   node bench/new-connections.ts [--seconds 10] [--connections 40] [--newcomers 5] [--rounds 2]
//     [--path /?fresh] [--also OTHER/build/server/index.js]
//
// Each round starts the production build on PGlite (and the --also build, alternating which goes
// first). N keep-alive connections ask for the path in a closed loop (each asks again as soon as
// it is answered) for S seconds; alongside them, M newcomers do the same but open a new
// connection for every request (Connection: close), as visitors arriving do. The default path
// passes the public page cache (a query string), so every answer is rendered. Prints per run:
// the kept connections' req/s, p50 and p99; the newcomers' requests, p50, p99 and max.
import http from "node:http";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { z } from "zod";
import { percentileOf, startServer } from "./support.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "40" },
    newcomers: { type: "string", default: "5" },
    rounds: { type: "string", default: "2" },
    path: { type: "string", default: "/?fresh" },
    also: { type: "string" },
  },
});
const seconds = z.coerce.number().positive().parse(values.seconds);
const connections = z.coerce.number().int().positive().parse(values.connections);
const newcomers = z.coerce.number().int().nonnegative().parse(values.newcomers);
const rounds = z.coerce.number().int().positive().parse(values.rounds);
const path = z.string().startsWith("/").parse(values.path);

const env = {
  ...process.env,
  DEMO_MODE: "true",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
  LOG_LEVEL: "warn",
};

type Answer = { newcomer: boolean; ms: number };

/** One GET; resolves with its latency once the body has arrived. */
function get(base: URL, agent: http.Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    const request = http.get(
      {
        host: base.hostname,
        port: base.port,
        path,
        agent,
        headers: {
          "accept-encoding": "gzip, deflate, br",
          ...(agent === false ? { connection: "close" } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(performance.now() - sent));
        res.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

async function load(base: string): Promise<Answer[]> {
  const url = new URL(base);
  // Warm: the first render of a page pays for loading its modules.
  for (let i = 0; i < 5; i += 1) await get(url, false);
  const kept = new http.Agent({ keepAlive: true, maxSockets: connections });
  const answers: Answer[] = [];
  const until = performance.now() + seconds * 1000;
  const loop = async (newcomer: boolean) => {
    while (performance.now() < until) {
      answers.push({ newcomer, ms: await get(url, newcomer ? false : kept) });
    }
  };
  await Promise.all([
    ...Array.from({ length: connections }, () => loop(false)),
    ...Array.from({ length: newcomers }, () => loop(true)),
  ]);
  kept.destroy();
  return answers;
}

const ms = (n: number) => `${Math.round(n)} ms`;

function summary(name: string, answers: Answer[]) {
  const times = (newcomer: boolean) =>
    answers
      .filter((a) => a.newcomer === newcomer)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
  const kept = times(false);
  const fresh = times(true);
  return (
    `${name.padEnd(5)} kept ${String(Math.round(kept.length / seconds)).padStart(4)} req/s` +
    ` p50 ${ms(percentileOf(kept, 50))} p99 ${ms(percentileOf(kept, 99))}` +
    `   newcomers ${fresh.length} requests p50 ${ms(percentileOf(fresh, 50))}` +
    ` p99 ${ms(percentileOf(fresh, 99))} max ${ms(fresh.at(-1) ?? 0)}`
  );
}

const builds = [
  { name: "ours", entry: "build/server/index.js" },
  ...(values.also ? [{ name: "also", entry: values.also }] : []),
];
/** Results go to stdout, as every bench here prints them. */
const print = (line: string) => process.stdout.write(`${line}\n`);
const loads = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
print(
  `${path}: ${connections} kept connections and ${newcomers} newcomers, ${seconds} s a run, ${rounds} rounds; load average ${loads()}`,
);
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    const server = await startServer(env, build.entry);
    try {
      const res = await fetch(server.base + path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      await res.arrayBuffer();
      print(summary(build.name, await load(server.base)));
    } finally {
      await server.stopped();
    }
  }
  print(`round ${round + 1}: load average ${loads()}`);
}
