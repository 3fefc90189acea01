import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { comparable } from "#server/customers/same-customer.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { dropDatabase, withAdmin } from "./helpers/postgres-admin.ts";
import { describeWhenAvailable, missingPostgres, TEST_POSTGRES } from "./helpers/requirements.ts";

// fold_text (migration 0018) keys customers' and deals' searches and name sorts, and `comparable`
// tells whether a name is a customer's already. Neither answer may depend on the server's locale:
// on a database whose LC_CTYPE is "C", lower() changes only A to Z.

const missing = await missingPostgres();
const NAME = `fold_text_c_${process.pid}`;
let client: pg.Client;

describeWhenAvailable("fold_text and comparable on a database with the C locale", missing, () => {
  beforeAll(async () => {
    await withAdmin(TEST_POSTGRES, (admin) =>
      admin.query(
        `create database "${NAME}" template template0 encoding 'UTF8' lc_ctype 'C' lc_collate 'C'`,
      ),
    );
    const url = new URL(TEST_POSTGRES);
    url.pathname = `/${NAME}`;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const migration = readFileSync(
      join(PROJECT_ROOT, "server/db/migrations/0018_accent_free_search.sql"),
      "utf8",
    );
    const create = migration.split("--> statement-breakpoint")[0] ?? "";
    await client.query(create);
  });
  afterAll(async () => {
    await client?.end();
    await dropDatabase(TEST_POSTGRES, NAME);
  });

  it("folds accents and case as it does under a UTF-8 locale", async () => {
    const samples: [string, string][] = [
      ["Élodie", "elodie"],
      ["ÓLAFUR ARNALDS", "olafur arnalds"],
      ["Zoë Müller-Peña", "zoe muller-pena"],
      ["ØRSTED", "orsted"],
      ["Łódź", "lodz"],
      ["Straße", "strasse"],
      ["ÆRØ", "aero"],
      ["Café Ñandú", "cafe nandu"],
    ];
    for (const [text, folded] of samples) {
      const { rows } = await client.query<{ f: string }>("select fold_text($1) as f", [text]);
      expect(rows[0]?.f, text).toBe(folded);
    }
  });

  it("compares names for 'already a customer' in any case, with their accents", async () => {
    const db = drizzle(client);
    const same = async (a: string, b: string) => {
      const { rows } = await db.execute<{ same: boolean }>(
        sql`select ${comparable(sql`${a}::text`)} = ${comparable(sql`${b}::text`)} as same`,
      );
      return rows[0]?.same;
    };
    expect(await same("JOSÉ GARCÍA", "josé garcía")).toBe(true);
    expect(await same("ZOË MÜLLER", "Zoë Müller")).toBe(true);
    expect(await same("ØRSTED  ÆRØ", "ørsted\u00a0ærø ")).toBe(true);
    expect(await same("ÐÓRA ĦAŦŦ", "ðóra ħaŧŧ")).toBe(true);
    // Typed with a combining accent (a macOS file name, some pastes): the same letters.
    expect(await same("Zu\u0308rich", "ZÜRICH")).toBe(true);
    // Accents still count: two spellings may be two people (decision 0016).
    expect(await same("Jose Garcia", "José García")).toBe(false);
  });
});
