import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Demo mode needs no setup, so the signing secret is generated on first start and kept under
 * DATA_DIR: sessions then survive restarts. Production sets AUTH_SECRET (config refuses to boot
 * without it when DEMO_MODE is off).
 */
export function loadOrCreateDemoSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
