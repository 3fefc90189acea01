// Builds the production app unless build/ already matches the sources (see build-fingerprint.ts).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { buildIsFresh, FINGERPRINT_FILE, sourceFingerprint } from "./build-fingerprint.ts";

export function ensureBuild(log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)) {
  if (buildIsFresh()) {
    log("Build is up to date.");
    return;
  }
  log("Building the production app…");
  const started = performance.now();
  // Always a production build, whoever asks: run from inside vitest (the integration tests'
  // server helper), NODE_ENV=test came through, and Vite then built React's development bundle,
  // 60 KB more script on every page, which the browser tests then ran against.
  execFileSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  writeFileSync(FINGERPRINT_FILE, `${sourceFingerprint()}\n`);
  log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.main) ensureBuild();
