import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationTags, runMigrations } from "./helpers/migrations.ts";

// Migration 0019 on a database that already holds analyses: a completed image was read by OCR
// (an image has no text layer), a completed PDF is not known and stays null, and an analysis not
// completed gets its source when its job ends.

const client = new PGlite({ extensions: { pg_trgm } });
afterAll(() => client.close());

const COMPANY = "00000000-0000-4000-8000-000000000001";

describe("migration 0019", () => {
  it("marks the completed images as read by OCR and leaves the rest unknown", async () => {
    const tags = migrationTags();
    const at = tags.indexOf("0019_bill_analysis_read_source");
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at)) await runMigrations(client, [tag]);
    const rows: [string, string, string][] = [
      ["scan.png", "image/png", "completed"],
      ["photo.jpg", "image/jpeg", "completed"],
      ["att.pdf", "application/pdf", "completed"],
      ["waiting.png", "image/png", "pending"],
      ["bad.jpg", "image/jpeg", "failed"],
    ];
    await client.exec(`
      INSERT INTO companies (id, name, slug) VALUES ('${COMPANY}', 'Old Co', 'old-co');
      INSERT INTO agent_users (id, name, email, username) VALUES ('u1', 'Ada', 'ada@old.example', 'ada');
      INSERT INTO bill_analyses (company_id, uploaded_by, file_name, mime_type, size_bytes, status) VALUES
        ${rows.map(([name, type, status]) => `('${COMPANY}', 'u1', '${name}', '${type}', 1, '${status}')`).join(",\n")};
    `);
    await runMigrations(client, tags.slice(at, at + 1));
    const { rows: read } = await client.query<{ file_name: string; read_source: string | null }>(
      "SELECT file_name, read_source::text AS read_source FROM bill_analyses ORDER BY file_name",
    );
    expect(read).toEqual([
      { file_name: "att.pdf", read_source: null },
      { file_name: "bad.jpg", read_source: null },
      { file_name: "photo.jpg", read_source: "ocr" },
      { file_name: "scan.png", read_source: "ocr" },
      { file_name: "waiting.png", read_source: null },
    ]);
  });
});
