// The integration suite's cost on some files, here against another checkout, alternating:
//   node bench/integration-setup.ts [--also ../other-checkout] [--runs 2] [--workers N] [file ...]
// Each run is `npx vitest run --project integration FILES` in each checkout in turn (its own
// node_modules, or a symlink to ours); reports wall and CPU seconds (the vitest process and its
// workers), tests passed / failed, and the load average before each run. Without files: three
// small files whose time is mostly per-file setup, one of them with a page server.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    also: { type: "string" },
    runs: { type: "string", default: "1" },
    workers: { type: "string" },
  },
});
const files =
  positionals.length > 0
    ? positionals
    : [
        "tests/integration/operators.test.ts",
        "tests/integration/portal-guard.test.ts",
        "tests/integration/session-api.test.ts",
      ];
const checkouts = [process.cwd(), ...(values.also ? [resolve(values.also)] : [])];
const TICKS_PER_SECOND = 100;

/** CPU seconds of the children this process has waited for (/proc: cutime + cstime). */
function childrenCpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
for (let run = 1; run <= Number(values.runs); run++) {
  for (const dir of checkouts) {
    const load = loadavg()
      .map((n) => n.toFixed(1))
      .join(" ");
    const cpuBefore = childrenCpuSeconds();
    const started = performance.now();
    const args = ["vitest", "run", "--project", "integration", ...files];
    if (values.workers) args.push(`--maxWorkers=${values.workers}`);
    const { FORCE_COLOR: _color, ...env } = process.env;
    const result = spawnSync("npx", args, {
      cwd: dir,
      encoding: "utf8",
      env: { ...env, NO_COLOR: "1" },
    });
    const wall = (performance.now() - started) / 1000;
    const cpu = childrenCpuSeconds() - cpuBefore;
    const tests = /Tests\s+(.*)\n/.exec(result.stdout)?.[1];
    say(
      `run ${run} ${dir}: wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s, exit ${result.status}, tests ${tests ?? "?"}, load before ${load}`,
    );
  }
}
