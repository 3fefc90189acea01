import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadOrCreateDemoSecret } from "./secret.ts";

describe("loadOrCreateDemoSecret", () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "carrierline-secret-"));
    dirs.push(dir);
    return join(dir, "data");
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("generates a strong secret once, private to the owner, and keeps it across restarts", () => {
    const dataDir = freshDir();
    const first = loadOrCreateDemoSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(loadOrCreateDemoSecret(dataDir)).toBe(first);
    expect(loadOrCreateDemoSecret(freshDir())).not.toBe(first);
  });

  it("replaces a stored secret that is too short to be safe", () => {
    const dataDir = freshDir();
    loadOrCreateDemoSecret(dataDir);
    writeFileSync(join(dataDir, "auth-secret"), "short\n");
    const replaced = loadOrCreateDemoSecret(dataDir);
    expect(replaced.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, "auth-secret"), "utf8").trim()).toBe(replaced);
  });
});
