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
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import type { Bill } from "#server/bills/bill.ts";
import { analyzeBill, readBill, shutDownOcr } from "#server/bills/index.ts";
import { readBillPages, rowText } from "#server/bills/read/index.ts";
import { accuracy, SAMPLE_BILLS, sampleBill, scanPage } from "#server/bills/samples/index.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "5" }, scans: { type: "boolean", default: false } },
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

const truthOf = (name: string): Bill => JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8"));
const file = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
try {
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
  await shutDownOcr();
}
