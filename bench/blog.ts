// The public blog under load: server-rendered list and post pages at 50 connections.
//
//   node bench/blog.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_bench \
//     --posts 10000 [--seconds 20] [--connections 50]
//
// It migrates and seeds that database, tops blog_posts up to N published posts of realistic
// length (generated ones are replaced when the count differs), starts the production build on a
// free port and runs, as an anonymous visitor:
//   list  /blog and /blog?page=2…12 in rotation (the server-rendered list)
//   post  /blog/{slug} for 50 posts spread over the table (markdown rendered on the server)
import { spawnSync } from "node:child_process";
import pg from "pg";
import { benchArgs, run, startServer } from "./support.ts";

const { databaseUrl, env, count: posts, load } = benchArgs("posts", 10_000);

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

spawnSync("node", ["scripts/seed.ts"], { env, stdio: "inherit" });
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
const { rows } = await client.query<{ slug: string }>(
  "select slug from blog_posts where published order by created_at desc",
);
await client.end();
const step = Math.max(1, Math.floor(rows.length / 50));
const slugs = rows.filter((_, i) => i % step === 0).slice(0, 50);

const { base, stop } = await startServer(env);
try {
  const listPaths = ["/blog", ...Array.from({ length: 11 }, (_, i) => `/blog?page=${i + 2}`)];
  const postPaths = slugs.map((r) => `/blog/${encodeURIComponent(r.slug)}`);
  for (const path of [...listPaths, ...postPaths]) {
    const res = await fetch(base + path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
  process.stdout.write(
    `\n${posts.toLocaleString("en-US")} posts, ${load.connections} connections, ${load.seconds} s each\n`,
  );
  const requests = (paths: string[]) => paths.map((path) => ({ path }));
  await run("warmup", base, requests([...listPaths, ...postPaths]), load);
  await run("list", base, requests(listPaths), load);
  await run("post", base, requests(postPaths), load);
} finally {
  stop();
}
