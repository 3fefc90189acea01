// The quote engine on the golden set (issue 15's target: p95 ≤ 50 ms a quote on the built-in
// engine).
//
//   node bench/quotes.ts [--rounds 20]
//
//   engine    readNeeds + priceQuote on the frozen golden catalog: the engine's own work
//   service   generateQuote(ctx, …) on a seeded embedded database (PGlite, in this process):
//             the catalog's five queries, the reader, the pricer, as the API runs it
// Each golden description is run --rounds times after a warm-up; p50, p95, max per quote.
//   proposal  renderProposalPdf of a 3-page proposal (60 plan rows), --proposals times after a
//             warm-up (issue 15's target: ≤ 300 ms); p50, p95, max per PDF and its size
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfig } from "#server/platform/config.ts";
import { GOLDEN_TODAY, goldenCatalog } from "#server/quotes/engine/golden-catalog.ts";
import { GOLDEN } from "#server/quotes/engine/golden-set.ts";
import { priceQuote } from "#server/quotes/engine/price.ts";
import { readNeeds } from "#server/quotes/engine/read-needs.ts";
import { generateQuote } from "#server/quotes/index.ts";
import { renderProposalPdf } from "#server/quotes/proposal/render.ts";
import { longProposalView } from "#server/quotes/proposal/sample-view.ts";
import { createRuntime, serviceContext } from "#server/runtime.server.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "20" },
    proposals: { type: "string", default: "30" },
  },
});
const rounds = z.coerce.number().int().positive().parse(values.rounds);
const proposals = z.coerce.number().int().positive().parse(values.proposals);

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const ms = (n: number) => n.toFixed(2);

async function time(label: string, run: (text: string) => unknown) {
  for (const g of GOLDEN) await run(g.text);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const g of GOLDEN) {
      const started = performance.now();
      await run(g.text);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `${label.padEnd(8)} ${times.length} quotes   p50 ${ms(at(times, 50))} ms   p95 ${ms(at(times, 95))} ms   max ${ms(times.at(-1) ?? 0)} ms\n`,
  );
}

async function timeProposal() {
  const view = longProposalView();
  const pdf = await renderProposalPdf(view);
  const times: number[] = [];
  for (let round = 0; round < proposals; round++) {
    const started = performance.now();
    await renderProposalPdf(view);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `proposal ${times.length} PDFs     p50 ${ms(at(times, 50))} ms   p95 ${ms(at(times, 95))} ms   max ${ms(times.at(-1) ?? 0)} ms   ${(pdf.byteLength / 1024).toFixed(0)} KiB\n`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-quotes-"));
try {
  process.stdout.write(`${GOLDEN.length} golden descriptions, ${rounds} rounds\n`);
  await time("engine", (text) =>
    priceQuote(goldenCatalog, readNeeds(text), { today: GOLDEN_TODAY }),
  );
  const runtime = await createRuntime(
    loadConfig({ DATA_DIR: dataDir, DEMO_MODE: "true", LOG_LEVEL: "warn" }),
  );
  const ctx = serviceContext(runtime);
  const customerInfo = {
    companyName: "Bench Dental",
    companyWebsite: "https://bench.example",
    contactName: "Pat Bench",
    contactEmail: "pat@bench.example",
  };
  await time("service", (description) => generateQuote(ctx, { description, customerInfo }));
  await runtime.close();
  await timeProposal();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
