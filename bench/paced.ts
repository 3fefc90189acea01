// An open-loop load at a fixed rate: requests leave evenly spaced (every 1000/rate ms) over a pool
// of keep-alive connections, whatever the server's pace, and each latency runs from the moment its
// request was due. autocannon's overallRate is not used for this: it lets every connection spend
// its per-second quota at the top of each second, so 50 connections arrive together, a burst
// that measures queueing behind 49 others rather than the stated rate.
import { Agent, request } from "node:http";
import { percentileOf } from "./support.ts";

export type PacedResult = {
  sent: number;
  errors: number;
  /** Requests answered per second of the run. */
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  /** The same percentiles for each path on its own. */
  byPath: Map<string, { p50: number; p95: number }>;
};

export async function paced(options: {
  base: string;
  paths: string[];
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  connections: number;
}): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.rate * options.seconds);
  const gap = 1000 / options.rate;
  const latencies = new Map<string, number[]>();
  let errors = 0;
  const started = performance.now();
  const one = (path: string, due: number) =>
    new Promise<void>((done) => {
      const req = request(`${options.base}${path}`, { agent, headers: options.headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) record(latencies, path, performance.now() - due);
          else errors++;
          done();
        });
      });
      req.on("error", () => {
        errors++;
        done();
      });
      req.end();
    });
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(one(options.paths[i % options.paths.length] ?? "/", due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return summary(latencies, total, errors, started);
}

/**
 * One request at a time, each sent when the last has answered, for `seconds`: each path's latency
 * with nothing else in flight, where a fixed rate over one connection would queue behind a slow
 * answer and blur one view into the next.
 */
export async function sequential(options: {
  base: string;
  paths: string[];
  headers: Record<string, string>;
  seconds: number;
}): Promise<PacedResult> {
  const latencies = new Map<string, number[]>();
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  while (performance.now() - started < options.seconds * 1000) {
    const path = options.paths[sent % options.paths.length] ?? "/";
    sent++;
    const t = performance.now();
    try {
      const res = await fetch(`${options.base}${path}`, { headers: options.headers });
      await res.arrayBuffer();
      if (res.status === 200) record(latencies, path, performance.now() - t);
      else errors++;
    } catch {
      errors++;
    }
  }
  return summary(latencies, sent, errors, started);
}

function record(latencies: Map<string, number[]>, path: string, ms: number) {
  const own = latencies.get(path);
  if (own) own.push(ms);
  else latencies.set(path, [ms]);
}

function summary(
  latencies: Map<string, number[]>,
  sent: number,
  errors: number,
  started: number,
): PacedResult {
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies.values()].flat().sort((a, b) => a - b);
  return {
    sent,
    errors,
    achieved: sorted.length / elapsed,
    p50: percentileOf(sorted, 50),
    p95: percentileOf(sorted, 95),
    p99: percentileOf(sorted, 99),
    byPath: new Map(
      [...latencies].map(([path, ms]) => {
        const own = ms.sort((a, b) => a - b);
        return [path, { p50: percentileOf(own, 50), p95: percentileOf(own, 95) }];
      }),
    ),
  };
}
