// Shared by the benchmarks: the database migrated and seeded, topped up with generated posts or
// devices to the count asked for.
import { spawnSync } from "node:child_process";
import pg from "pg";

// About 700 words with the markdown a real post uses: headings, lists, a table, code, links.
const BODY = `${"Resellers who quote across carriers win more renewals. ".repeat(12)}

## What changed this quarter

- Business unlimited plans were re-tiered on all three carriers.
- Device promotions now require a port-in on most lines.
- Fixed wireless is available at more branch addresses.

| Carrier | Plan | Per line |
|---|---|---|
| AT&T | Business Unlimited Starter | $30 |
| Verizon | Business Unlimited Plus | $40 |
| T-Mobile | Business Unlimited Advanced | $45 |

${"Check the customer's usage before you recommend a tier, and keep the invoice handy. ".repeat(20)}

\`\`\`json
{ "lines": 40, "carrier": "verizon", "plan": "Business Unlimited Plus" }
\`\`\`

Read more in [the certified devices guide](/docs/certified-devices). ${"The rest is detail. ".repeat(40)}`;

/** Migrates and seeds the database (scripts/seed.ts, idempotent). */
export function seed(env: NodeJS.ProcessEnv): void {
  spawnSync("node", ["scripts/seed.ts"], { env, stdio: "inherit" });
}

/**
 * Tops blog_posts up to `posts` published posts of realistic length (generated ones are
 * replaced when the count differs); answers a connected client for the caller's own reads.
 */
export async function fillBlogPosts(databaseUrl: string, posts: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const count = async () =>
    (await client.query<{ n: number }>("select count(*)::int as n from blog_posts where published"))
      .rows[0]?.n ?? 0;
  if ((await count()) !== posts) {
    await client.query("delete from blog_posts where slug like 'bench-post-%'");
    const missing = posts - (await count());
    await client.query(
      `insert into blog_posts (title, slug, excerpt, content, author, read_time, published, created_at)
       select 'Bench post ' || i, 'bench-post-' || i,
              'What resellers should know about carrier change number ' || i || '.',
              $1, 'Bench Author ' || (i % 40), 1 + i % 12, true,
              now() - (i || ' minutes')::interval
       from generate_series(1, $2::int) as i`,
      [BODY, missing],
    );
    await client.query("vacuum analyze blog_posts");
  }
  return client;
}

/** Fills certified_devices with `devices` generated devices (skipped when it holds exactly that). */
export async function fillDevices(env: NodeJS.ProcessEnv, databaseUrl: string, devices: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from certified_devices",
  );
  await client.end();
  if (rows[0]?.n !== devices) {
    spawnSync("node", ["scripts/generate-devices.ts", "--count", String(devices), "--replace"], {
      env,
      stdio: "inherit",
    });
  }
}
