import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationTags, runMigrations } from "./helpers/migrations.ts";

// Migration 0017 on a database that already holds analyses: each completed one gets its
// "bill_analyzed" entry, so the Activity Report's past days keep their count. The pending
// migrations run in one transaction, as drizzle's migrator runs them.

const client = new PGlite({ extensions: { pg_trgm } });
afterAll(() => client.close());

describe("migration 0017", () => {
  it("logs every analysis completed before it, and changes no other entry", async () => {
    const tags = migrationTags();
    const at = tags.indexOf("0017_bill_analyzed_activity");
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at - 1)) await runMigrations(client, [tag]);
    await client.exec(`
      INSERT INTO companies (id, name, slug) VALUES ('00000000-0000-4000-8000-000000000001', 'Old Co', 'old-co');
      INSERT INTO agent_users (id, name, email, username) VALUES ('u1', 'Ada', 'ada@old.example', 'ada');
      INSERT INTO bill_analyses (id, company_id, uploaded_by, file_name, mime_type, size_bytes, status, completed_at) VALUES
        ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'u1', 'att.pdf', 'application/pdf', 1, 'completed', '2026-11-29T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'u1', 'bad.pdf', 'application/pdf', 1, 'failed', '2026-11-29T11:00:00Z');
      INSERT INTO activities (company_id, actor_id, kind, created_at) VALUES
        ('00000000-0000-4000-8000-000000000001', 'u1', 'deal_note', '2026-11-28T09:00:00Z');
    `);
    // 0016 and 0017 pending together, in one transaction.
    await runMigrations(client, tags.slice(at - 1, at + 1));
    const { rows } = await client.query<{
      actor_id: string;
      kind: string;
      details: unknown;
      created_at: Date;
    }>(
      "SELECT actor_id, kind::text AS kind, details, created_at FROM activities ORDER BY created_at",
    );
    expect(rows).toEqual([
      {
        actor_id: "u1",
        kind: "deal_note",
        details: {},
        created_at: new Date("2026-11-28T09:00:00Z"),
      },
      {
        actor_id: "u1",
        kind: "bill_analyzed",
        details: { analysisId: "00000000-0000-4000-8000-0000000000a1", fileName: "att.pdf" },
        created_at: new Date("2026-11-29T10:00:00Z"),
      },
    ]);
  });
});
