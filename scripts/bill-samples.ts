// Writes the sample bills under tests/fixtures/bills: a text PDF per layout with its ground truth
// (JSON), a scanned PNG of the generic bill's page 1, and the generic bill over two pages with page 2
// scanned (generic-mixed.pdf: a text page and an image-only page). Seeded: running it again gives the same
// bills. Usage: node scripts/bill-samples.ts
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  mixedSampleBill,
  SAMPLE_BILLS,
  sampleBill,
  scanPage,
} from "#server/bills/samples/index.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";

const dir = join(PROJECT_ROOT, "tests/fixtures/bills");
mkdirSync(dir, { recursive: true });
for (const sample of SAMPLE_BILLS) {
  const { pdf, truth } = await sampleBill(sample);
  writeFileSync(join(dir, `${sample.name}.pdf`), pdf);
  writeFileSync(join(dir, `${sample.name}.json`), `${JSON.stringify(truth, null, 2)}\n`);
  if (sample.scanSeed !== undefined) {
    writeFileSync(
      join(dir, `${sample.name}-scan.png`),
      await scanPage(pdf, { seed: sample.scanSeed }),
    );
  }
  process.stdout.write(`${sample.name}: ${truth.lines.length} lines\n`);
}
const mixed = await mixedSampleBill();
writeFileSync(join(dir, "generic-mixed.pdf"), mixed.pdf);
writeFileSync(join(dir, "generic-mixed.json"), `${JSON.stringify(mixed.truth, null, 2)}\n`);
process.stdout.write(`generic-mixed: ${mixed.truth.lines.length} lines\n`);
// In the house's JSON style, so `npm run lint` passes on regenerated fixtures.
execFileSync(join(PROJECT_ROOT, "node_modules/.bin/biome"), ["format", "--write", dir], {
  stdio: "ignore",
});
