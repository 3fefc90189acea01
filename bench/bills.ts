// The bill reading pipeline on the sample bills (issue 16): accuracy against the ground truth
// and time per stage. No server, no database.
//
//   node bench/bills.ts [--rounds 5] [--scans]
//
//   text     each committed text PDF (tests/fixtures/bills), read and parsed --rounds times
//   scan     the committed scan of the generic bill's page 1, through OCR, --rounds times
//   --scans  also page 1 of every layout scanned afresh (other seeds), read once each and
//            scored on the lines page 1 prints (a T-Mobile page 1 has no plans or data: those
//            are on page 2, so its lines cannot be complete)
// Per sample: lines found / expected, line values exact, totals matched, header fields exact;
// per stage: median ms (reading text, OCR, finding lines); the process's peak RSS.
//   isolated the generic PDF and the scan read as the server reads a bill, in a child process
//            (decision 0044), median of --rounds: `fresh` = a reader started for the bill,
//            `standby` = the reader kept ready since the last bill, with its resident size
//
//   node bench/bills.ts --load 0,1,2,4 [--seconds 20] [--rate 10] [--base URL]
//   (after `npm run build`; --base uses a server already running with DEMO_MODE=true)
//
//   load     the built server on an embedded database: for each level N, N analyses of the
//            scanned bill kept in flight (each upload waits for its result, then the next is sent)
//            while /dashboard/plans is asked --rate times a second (open loop); the page's p50
//            and p95, and the analyses finished. The per-user upload limit (20 in 5 minutes)
//            bounds a run: a refused upload is reported, not retried.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import type { Bill } from "#server/bills/bill.ts";
import { analyzeBill, readBill, shutDownOcr } from "#server/bills/index.ts";
import { readBillPages, rowText } from "#server/bills/read/index.ts";
import {
  prepareBillReader,
  readBillIsolated,
  shutDownBillReader,
} from "#server/bills/read-isolated.ts";
import { accuracy, SAMPLE_BILLS, sampleBill, scanPage } from "#server/bills/samples/index.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { paced } from "./paced.ts";
import { signInAsDemoAgent, startServer } from "./support.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    scans: { type: "boolean", default: false },
    load: { type: "string" },
    seconds: { type: "string", default: "20" },
    rate: { type: "string", default: "10" },
    base: { type: "string" },
  },
});
const rounds = z.coerce.number().int().positive().parse(values.rounds);
const dir = join(PROJECT_ROOT, "tests/fixtures/bills");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const f = (n: number) => n.toFixed(0).padStart(5);

async function measure(name: string, bytes: Uint8Array, truth: Bill, times: number) {
  const runs: { reading: number; ocr: number; finding: number; total: number; analyze: number }[] =
    [];
  let last: Awaited<ReturnType<typeof readBill>> | undefined;
  for (let round = 0; round < times; round++) {
    const started = performance.now();
    last = await readBill(bytes);
    const read = performance.now();
    analyzeBill(last.bill);
    const t = last.timings;
    runs.push({
      reading: t.readingTextMs,
      ocr: t.ocrMs,
      finding: t.findingLinesMs,
      total: read - started,
      analyze: performance.now() - read,
    });
  }
  if (!last) return;
  const a = accuracy(last.bill, truth);
  const m = (k: keyof (typeof runs)[number]) => median(runs.map((r) => r[k]));
  process.stdout.write(
    `${name.padEnd(16)} lines ${a.linesFound}/${a.linesExpected}  values ${a.valuesExact}/${a.values}  totals ${a.totalsMatched}/${a.totals}  header ${a.headerExact}/${a.header}  findings ${last.bill.checks.length}   ms: text ${f(m("reading"))}  ocr ${f(m("ocr"))}  lines ${f(m("finding"))}  analysis ${m("analyze").toFixed(1)}  total ${f(m("total"))}\n`,
  );
}

/** Pages' latency while N analyses are in flight on the same server (see the header). */
async function underLoad(levels: number[], seconds: number, rate: number, running?: string) {
  // A server already started (DEMO_MODE) is used as it is: a loaded machine boots one slowly.
  const { base, stop } = running
    ? { base: running, stop: () => {} }
    : await startServer({ ...process.env, DEMO_MODE: "true" });
  try {
    const cookie = await signInAsDemoAgent(base);
    const headers = { cookie, "accept-encoding": "gzip, deflate, br" };
    const scan = file("generic-scan.png");
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/dashboard/plans`, { headers })).text();
    for (const level of levels) {
      let inFlight = true;
      let refused = 0;
      const jobs: number[] = [];
      const keepOne = async () => {
        while (inFlight) {
          const form = new FormData();
          form.set("file", new File([scan], "scan.png"));
          const started = performance.now();
          const res = await fetch(`${base}/api/analyze-bill?wait=1`, {
            method: "POST",
            headers: { cookie, origin: base },
            body: form,
          });
          await res.arrayBuffer();
          if (res.status === 429) {
            refused++;
            return;
          }
          jobs.push(performance.now() - started);
        }
      };
      const loops = Array.from({ length: level }, keepOne);
      const page = await paced({
        base,
        paths: ["/dashboard/plans"],
        headers,
        rate,
        seconds,
        connections: 10,
      });
      inFlight = false;
      await Promise.all(loops);
      process.stdout.write(
        `${String(level).padStart(2)} in flight   /dashboard/plans at ${rate} req/s: p50 ${page.p50} ms  p95 ${page.p95} ms  p99 ${page.p99} ms  (${page.errors} errors)   analyses done ${jobs.length}, median wait ${f(median(jobs))} ms${refused ? `, ${refused} uploads refused by the limit` : ""}\n`,
      );
    }
  } finally {
    stop();
  }
}

/** What a bill costs through the server's own path: a child process, fresh or kept ready. */
async function isolated(name: string, bytes: Uint8Array, times: number) {
  const fresh: number[] = [];
  const ready: number[] = [];
  const sizes: number[] = [];
  for (let round = 0; round < times; round++) {
    shutDownBillReader();
    let started = performance.now();
    await readBillIsolated(bytes);
    fresh.push(performance.now() - started);
    const pid = await prepareBillReader();
    if (pid !== undefined) sizes.push(residentMb(pid));
    started = performance.now();
    await readBillIsolated(bytes);
    ready.push(performance.now() - started);
  }
  process.stdout.write(
    `${name.padEnd(16)} in a child process, ms: fresh ${f(median(fresh))}  standby ${f(median(ready))}   the reader on standby: ${f(median(sizes))} MB resident\n`,
  );
}

const residentMb = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

const truthOf = (name: string): Bill => JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8"));
const file = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
try {
  if (values.load !== undefined) {
    const levels = z.array(z.coerce.number().int().min(0).max(16)).parse(values.load.split(","));
    const seconds = z.coerce.number().positive().parse(values.seconds);
    const rate = z.coerce.number().positive().parse(values.rate);
    await underLoad(levels, seconds, rate, values.base);
    process.exit(0);
  }
  process.stdout.write(`${rounds} rounds (median), first run warms up\n`);
  for (const sample of SAMPLE_BILLS) {
    await measure(
      `${sample.name}.pdf`,
      file(`${sample.name}.pdf`),
      truthOf(sample.name),
      rounds + 1,
    );
  }
  await measure("generic-scan.png", file("generic-scan.png"), truthOf("generic"), rounds + 1);
  await isolated("generic.pdf", file("generic.pdf"), rounds);
  await isolated("generic-scan.png", file("generic-scan.png"), rounds);
  if (values.scans) {
    for (const sample of SAMPLE_BILLS) {
      const { pdf, truth } = await sampleBill(sample);
      // Only page 1 is scanned: the truth is cut to the lines printed there.
      const png = await scanPage(pdf, { seed: sample.seed + 100 });
      const result = await readBill(png);
      // Only page 1 is scanned: the truth is cut to the lines its text layer shows.
      const { pages } = await readBillPages(pdf);
      const pageOneText = (pages[0]?.rows ?? []).map(rowText).join(" ").replace(/\D/g, "");
      const onPageOne = truth.lines.filter((l) =>
        pageOneText.includes(l.phoneNumber.replace(/\D/g, "")),
      );
      const a = accuracy(result.bill, { ...truth, lines: onPageOne });
      process.stdout.write(
        `scan ${sample.name.padEnd(11)} lines ${a.linesFound}/${a.linesExpected}  values ${a.valuesExact}/${a.values}  totals ${a.totalsMatched}/${a.totals}  findings ${result.bill.checks.length}  ocr ${f(result.timings.ocrMs)} ms\n`,
      );
    }
  }
  process.stdout.write(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB\n`);
} finally {
  shutDownBillReader();
  await shutDownOcr();
}
