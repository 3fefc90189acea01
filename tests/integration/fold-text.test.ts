import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { dropDatabase, withAdmin } from "./helpers/postgres-admin.ts";
import { describeWhenAvailable, missingPostgres, TEST_POSTGRES } from "./helpers/requirements.ts";

// fold_text (migration 0018) keys customers' and deals' searches and name sorts. Its answer must
// not depend on the server's locale: on a database whose LC_CTYPE is "C", lower() changes only
// A to Z, so accents are taken off before it.

const missing = await missingPostgres();
const NAME = `fold_text_c_${process.pid}`;
let client: pg.Client;

describeWhenAvailable("fold_text on a database with the C locale", missing, () => {
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
});
