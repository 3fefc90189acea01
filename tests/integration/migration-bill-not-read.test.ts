import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationTags, runMigrations } from "./helpers/migrations.ts";

// Migration 0020 on a database that already holds analyses in the old shape, where what the reader
// could not read was listed among the customer's compliance issues (decision 0023, its last two
// addenda): those sentences, and only those, move to notReadFromBill.

const client = new PGlite({ extensions: { pg_trgm } });
afterAll(() => client.close());

const COMPANY = "00000000-0000-4000-8000-000000000001";
const TAG = "0020_bill_analysis_not_read";

const CHECK = "The lines add up to $487.56; the bill prints $585.30.";
const DATA = "Kim Jensen used 30 GB on a 10 GB plan.";
const DEVICE =
  "Nokia 3310 ((415) 555-0101) is not on AT&T's certified devices list: check it works there or plan a replacement before switching.";
const ROW = 'A line on page 2 could not be read: "(415) 555-0101 Voice Core 5GB 4000 2.00".';

/** The part of a stored result this migration reads and writes. */
const result = (issues: string[], more: Record<string, unknown> = {}) => ({
  totalMonthlyBill: 585.3,
  businessMetrics: { costPerEmployee: 40, complianceStatus: { policyCompliant: false, issues } },
  ...more,
});

describe("migration 0020", () => {
  it("moves the old read-failure sentences out of the issues, and nothing else", async () => {
    const tags = migrationTags();
    const at = tags.indexOf(TAG);
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at)) await runMigrations(client, [tag]);
    const rows: [string, unknown][] = [
      [
        "mixed.pdf",
        result([
          CHECK,
          "The bill's bill period could not be read.",
          "The bill's current charges could not be read.",
          ROW,
          DATA,
          DEVICE,
        ]),
      ],
      [
        "only-unread.pdf",
        result([
          "The bill's due date could not be read.",
          "The bill's current charges could not be read.",
          "The bill's taxes and fees could not be read.",
          "The bill's data used for (415) 555-0101 could not be read.",
          "No lines were found on the bill.",
        ]),
      ],
      ["clean.pdf", result([DATA])],
      // Written since: already apart, even if an issue happened to look like one of ours.
      ["new.pdf", result([DATA], { notReadFromBill: ["The bill's due date could not be read."] })],
    ];
    await client.exec(`
      INSERT INTO companies (id, name, slug) VALUES ('${COMPANY}', 'Old Co', 'old-co');
      INSERT INTO agent_users (id, name, email, username) VALUES ('u1', 'Ada', 'ada@old.example', 'ada');
      INSERT INTO bill_analyses (company_id, uploaded_by, file_name, mime_type, size_bytes, status, result) VALUES
        ${rows.map(([name, stored]) => `('${COMPANY}', 'u1', '${name}', 'application/pdf', 1, 'completed', '${JSON.stringify(stored).replace(/'/g, "''")}')`).join(",\n")},
        ('${COMPANY}', 'u1', 'waiting.pdf', 'application/pdf', 1, 'pending', NULL);
    `);
    await runMigrations(client, [TAG]);
    // Twice is the same as once.
    await runMigrations(client, [TAG]);
    const { rows: after } = await client.query<{ file_name: string; result: unknown }>(
      "SELECT file_name, result FROM bill_analyses ORDER BY file_name",
    );
    expect(Object.fromEntries(after.map((row) => [row.file_name, row.result]))).toEqual({
      "clean.pdf": result([DATA]),
      "mixed.pdf": result([CHECK, DATA, DEVICE], {
        notReadFromBill: [
          "The bill's period could not be read.",
          "The bill's current charges could not be read.",
          ROW,
        ],
        totalMonthlyBillFrom: "lines_and_taxes",
      }),
      "new.pdf": result([DATA], { notReadFromBill: ["The bill's due date could not be read."] }),
      "only-unread.pdf": {
        ...result([], {
          notReadFromBill: [
            "The bill's due date could not be read.",
            "The bill's current charges could not be read.",
            "The bill's taxes and fees could not be read.",
            "The bill's data used for (415) 555-0101 could not be read.",
            "No lines were found on the bill.",
          ],
          totalMonthlyBillFrom: "lines",
        }),
        businessMetrics: {
          costPerEmployee: 40,
          complianceStatus: { policyCompliant: true, issues: [] },
        },
      },
      "waiting.pdf": null,
    });
  });
});
