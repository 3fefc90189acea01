import { createServer } from "node:net";
import pg from "pg";
import { describe, it } from "vitest";

/**
 * A describe block that needs things this machine may lack (nginx, PostgreSQL): with all of them
 * it runs; without, it is skipped with a SKIPPED line saying why, except under CI=true, where a
 * missing requirement is a failure: CI installs them, so a skip there would hide a broken step.
 */
export function describeWhenAvailable(name: string, missing: string[], body: () => void) {
  if (missing.length === 0) {
    describe(name, body);
    return;
  }
  const reason = `needs ${missing.join(" and ")}`;
  if (process.env.CI === "true") {
    describe(name, () => {
      it(`cannot run: ${reason}, which CI must provide`, () => {
        throw new Error(`${name}: ${reason} (CI=true)`);
      });
    });
    return;
  }
  process.stdout.write(`SKIPPED: ${name}: ${reason}\n`);
  describe.skip(`${name} (SKIPPED: ${reason})`, body);
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The PostgreSQL server the integration tests may use (CI sets TEST_DATABASE_URL). */
export const TEST_POSTGRES =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** What is missing for a test that needs that PostgreSQL server: nothing when it answers. */
export async function missingPostgres(): Promise<string[]> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return [];
  } catch {
    return [`PostgreSQL at ${new URL(TEST_POSTGRES).host}`];
  }
}
