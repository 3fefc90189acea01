import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";

export const REPO = resolve(import.meta.dirname, "../..");

/**
 * A throwaway project under the repo's git-ignored tmp/ (so `npm run lint` never sees it, and
 * react-router and friends resolve from the repo's node_modules), with the same #app/ and
 * #server/ subpath imports as the real package.json.
 */
export function writeProject(files: Record<string, string>) {
  mkdirSync(join(REPO, "tmp"), { recursive: true });
  const root = mkdtempSync(join(REPO, "tmp", "fixture-"));
  const all: Record<string, string> = {
    "package.json": JSON.stringify({
      type: "module",
      imports: { "#app/*": "./app/*", "#server/*": "./server/*" },
    }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

const cruiseReport = z.object({
  summary: z.object({
    violations: z.array(
      z.object({
        rule: z.object({ name: z.string() }),
        from: z.string(),
        to: z.string(),
      }),
    ),
  }),
});

export type Violation = { rule: string; from: string; to: string };

/** Runs dependency-cruiser's CLI with the project's own config, as `npm run lint:deps` does. */
export function cruise(root: string, folders: string[]): Violation[] {
  const run = spawnSync(
    process.execPath,
    [
      join(REPO, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs"),
      ...folders,
      "--config",
      join(REPO, ".dependency-cruiser.cjs"),
      "--output-type",
      "json",
    ],
    { cwd: root, encoding: "utf8" },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
  return cruiseReport
    .parse(JSON.parse(run.stdout))
    .summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}
