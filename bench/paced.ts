// An open-loop load at a fixed rate: requests leave evenly spaced (every 1000/rate ms) over a pool
// of keep-alive connections, whatever the server's pace, and each latency runs from the moment its
// request was due. autocannon's overallRate is not used for this: it lets every connection spend
// its per-second quota at the top of each second, so 50 connections arrive together, a burst
// that measures queueing behind 49 others rather than the stated rate.
import { Agent, request } from "node:http";

export type PacedResult = {
  sent: number;
  errors: number;
  /** Requests answered per second of the run. */
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
};

const at = (sorted: number[], p: number) =>
  Math.round(
    (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0) * 10,
  ) / 10;

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
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const one = (path: string, due: number) =>
    new Promise<void>((done) => {
      const req = request(`${options.base}${path}`, { agent, headers: options.headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) latencies.push(performance.now() - due);
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
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    sent: total,
    errors,
    achieved: latencies.length / elapsed,
    p50: at(sorted, 50),
    p95: at(sorted, 95),
    p99: at(sorted, 99),
  };
}
