import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

// Everything that can change the production build. Hashing contents (not times) means a fresh
// clone, a `git checkout` or an edit all trigger a rebuild, and nothing else does.
const SOURCE_DIRS = ["app", "server", "public"];
const SOURCE_FILES = [
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const SKIP = /(^|\/)(node_modules|\.react-router|migrations|files)(\/|$)|\.test\.tsx?$/;

function walk(dir: string, out: string[]) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (SKIP.test(path)) continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
}

export function sourceFingerprint(root = "."): string {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir), files);
  for (const file of SOURCE_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file);
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export const FINGERPRINT_FILE = "build/.source-fingerprint";
export const SERVER_ENTRY = "build/server/index.js";

export function buildIsFresh(): boolean {
  if (!existsSync(SERVER_ENTRY) || !existsSync(FINGERPRINT_FILE)) return false;
  return readFileSync(FINGERPRINT_FILE, "utf8").trim() === sourceFingerprint();
}
