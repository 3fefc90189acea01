// `npm test`: every suite (unit, integration, browser), then one line `N passed, N failed`.
//   node scripts/test.ts                      all suites
//   node scripts/test.ts --only integration   some of them (unit, integration, e2e; comma-separated)
// Totals are also written to test-results/summary-<label>.json for .ci/run to add up.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { freePort } from "#tests/integration/helpers/free-port.ts";
import { ensureBuild } from "./ensure-build.ts";

const SUITES = ["unit", "integration", "e2e"] as const;
type Suite = (typeof SUITES)[number];
type Tally = { passed: number; failed: number; skipped: number };

const { values } = parseArgs({
  options: { only: { type: "string" }, label: { type: "string", default: "default" } },
});
const selected: Suite[] = values.only
  ? values.only.split(",").map((s) => z.enum(SUITES).parse(s.trim()))
  : [...SUITES];

const RESULTS = "test-results";
mkdirSync(RESULTS, { recursive: true });
const say = (line: string) => process.stdout.write(`${line}\n`);

const vitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
});
type PlaywrightSuite = {
  suites?: PlaywrightSuite[];
  specs?: {
    file: string;
    title: string;
    line: number;
    tests: { status: string; annotations: { type: string; description?: string }[] }[];
  }[];
};
const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    suites: z.array(playwrightSuite).optional(),
    specs: z
      .array(
        z.object({
          file: z.string(),
          title: z.string(),
          line: z.number(),
          tests: z.array(
            z.object({
              status: z.string(),
              annotations: z.array(
                z.object({ type: z.string(), description: z.string().optional() }),
              ),
            }),
          ),
        }),
      )
      .optional(),
  }),
);
const playwrightReport = z.object({
  stats: z.object({
    expected: z.number(),
    unexpected: z.number(),
    flaky: z.number(),
    skipped: z.number(),
  }),
  suites: z.array(playwrightSuite),
});

/** One line per file and reason for skipped browser tests, so a skip is never silent. */
function skippedLines(suites: PlaywrightSuite[]): string[] {
  const counts = new Map<string, number>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests.filter((t) => t.status === "skipped")) {
        const reason =
          t.annotations.find((a) => a.type === "skip")?.description ??
          "not run (no skip reason: e.g. after a failure in a serial file)";
        const key = `${spec.file}: ${reason}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  return [...counts].map(([key, n]) => `SKIPPED: ${n} browser test(s) in ${key}`);
}

/**
 * CI retries a failed browser test once (playwright.config.ts): a test that then passed is
 * named here, so noise on a loaded machine is visible and a real intermittent fault is not hidden.
 */
function flakyLines(suites: PlaywrightSuite[]): string[] {
  const lines: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === "flaky"))
        lines.push(`FLAKY (failed, then passed on retry): ${spec.file}:${spec.line} ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  return lines;
}

function runVitest(projects: Suite[]): Tally {
  const out = join(RESULTS, `vitest-${values.label}.json`);
  rmSync(out, { force: true });
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p])];
  args.push("--reporter=default", "--reporter=json", `--outputFile.json=${out}`);
  const run = spawnSync("npx", args, { stdio: "inherit" });
  if (!existsSync(out)) return { passed: 0, failed: 1, skipped: 0 };
  const r = vitestReport.parse(JSON.parse(readFileSync(out, "utf8")));
  // A file that fails to load has no failing test, yet the run failed: count it.
  const failed = r.numFailedTests + (run.status !== 0 && r.numFailedTests === 0 ? 1 : 0);
  return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
}

function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p): p is string => Boolean(p && existsSync(p))) ?? null;
}

async function runPlaywright(): Promise<Tally | "skipped"> {
  const chromium = findChromium();
  if (!chromium) {
    const message =
      "SKIPPED: browser tests: no Chromium found (set CHROME_PATH or `apt-get install chromium`)";
    if (process.env.CI === "true") {
      say(`${message}; CI=true, so this counts as a failure.`);
      return { passed: 0, failed: 1, skipped: 0 };
    }
    say(message);
    return "skipped";
  }
  ensureBuild(say);
  const out = join(RESULTS, `e2e-${values.label}.json`);
  rmSync(out, { force: true });
  const dataDir = mkdtempSync(join(tmpdir(), "carrierline-e2e-"));
  const run = spawnSync("npx", ["playwright", "test"], {
    stdio: "inherit",
    env: {
      ...process.env,
      CHROME_PATH: chromium,
      E2E_PORT: String(await freePort()),
      E2E_DATA_DIR: dataDir,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    },
  });
  rmSync(dataDir, { recursive: true, force: true });
  if (!existsSync(out)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats, suites } = playwrightReport.parse(JSON.parse(readFileSync(out, "utf8")));
  for (const line of [...skippedLines(suites), ...flakyLines(suites)]) say(line);
  const failed = stats.unexpected + (run.status !== 0 && stats.unexpected === 0 ? 1 : 0);
  return { passed: stats.expected + stats.flaky, failed, skipped: stats.skipped };
}

const started = performance.now();
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const add = (name: string, t: Tally) => {
  say(
    `${name}: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ""}`,
  );
  total.passed += t.passed;
  total.failed += t.failed;
  total.skipped += t.skipped;
};

const vitestProjects = selected.filter((s) => s !== "e2e");
if (vitestProjects.length > 0)
  add(`vitest (${vitestProjects.join(", ")})`, runVitest(vitestProjects));
if (selected.includes("e2e")) {
  const e2e = await runPlaywright();
  if (e2e !== "skipped") add("browser", e2e);
}

writeFileSync(join(RESULTS, `summary-${values.label}.json`), `${JSON.stringify(total)}\n`);
say(`Test time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
say(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
