import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PROJECT_ROOT } from "#server/platform/paths.ts";

// The committed migrations as drizzle's migrator reads them, for the tests of one migration on a
// database that already holds rows: run those before it, insert the rows, then run it.

const DIR = join(PROJECT_ROOT, "server/db/migrations");

/** Every migration's tag ("0017_bill_analyzed_activity"), in the journal's order. */
export function migrationTags(): string[] {
  const journal: { entries: { tag: string }[] } = JSON.parse(
    readFileSync(join(DIR, "meta/_journal.json"), "utf8"),
  );
  return journal.entries.map((e) => e.tag);
}

/** One migration's statements, as the migrator splits them. */
export function migrationStatements(tag: string): string[] {
  return readFileSync(join(DIR, `${tag}.sql`), "utf8")
    .split("--> statement-breakpoint")
    .filter((s) => s.trim() !== "");
}

/** The migrations in one transaction, as the migrator runs those pending at a start. */
export async function runMigrations(client: PGlite, tags: readonly string[]): Promise<void> {
  await client.transaction(async (tx) => {
    for (const tag of tags) {
      for (const statement of migrationStatements(tag)) await tx.exec(statement);
    }
  });
}
