// The deals board of a large company: 10,000 deals over 2,000 customers.
//
//   npm run build
//   node bench/deals.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_bench_deals \
//     [--deals 10000] [--seconds 20] [--rate 50] [--workers 1]
//
// It migrates and seeds that database (the database must exist), gives the demo company N
// generated deals over 2,000 generated customers (skipped when it already holds exactly N), starts
// the production build on a free port, signs in as the demo agent and measures, over a rotation
// of views (search, status filter, each sort, Only mine):
//   page    the server-rendered board (/dashboard/deals?…), compressed as Chrome asks for it
//   data    the same URL's loader data (/dashboard/deals.data?…, a client navigation)
// each at 1 connection (closed loop) and at a fixed rate (--rate, 50 by default, an open loop:
// bench/paced.ts); then a status change (POST /api/deals/{id}/move, one after another) and the
// export of every deal (GET /api/deals.xlsx), timed end to end.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { paced } from "./paced.ts";
import { benchArgs, percentileOf, run, signInAsDemoAgent, startServer } from "./support.ts";
import { DEAL_VIEWS, viewPaths } from "./views.ts";

const { databaseUrl, env, count: dealCount, load, rate = 50 } = benchArgs("deals", 10_000);
const { seconds } = load;
const CUSTOMERS = 2_000;
const MARK = "Bench deal";

const HEADERS = (cookie: string) => ({ cookie, "accept-encoding": "gzip, deflate, br, zstd" });

/** The demo company's generated customers and deals, made in SQL (seconds, not minutes). */
async function fill(client: pg.Client) {
  const company = await client.query<{ id: string }>(
    "select id from companies where slug = 'demo-wireless-partners'",
  );
  const companyId = company.rows[0]?.id;
  if (!companyId) throw new Error("no demo company: the seed did not run");
  const have = await client.query<{ n: number }>(
    "select count(*)::int as n from deals where company_id = $1 and title like $2",
    [companyId, `${MARK}%`],
  );
  if (have.rows[0]?.n === dealCount) return;
  const agents = await client.query<{ id: string }>(
    "select id from agent_users where company_id = $1 order by username",
    [companyId],
  );
  const agentIds = agents.rows.map((r) => r.id);
  await client.query("begin");
  await client.query("delete from deals where company_id = $1 and title like $2", [
    companyId,
    `${MARK}%`,
  ]);
  await client.query("delete from customers where company_id = $1 and company_name like $2", [
    companyId,
    "Bench Customer %",
  ]);
  await client.query(
    `insert into customers (company_id, name, company_name, email)
     select $1, 'Contact ' || g, 'Bench Customer ' || g, 'contact' || g || '@bench.example'
     from generate_series(1, $2::int) g`,
    [companyId, CUSTOMERS],
  );
  // Statuses spread over the board's five (so the export holds all N), values and
  // probabilities varied, a close date on most, created over two years, assignees in rotation.
  await client.query(
    `with c as (
       select id, row_number() over (order by id) - 1 as k from customers
       where company_id = $1 and company_name like 'Bench Customer %'
     )
     insert into deals (company_id, customer_id, title, status, value_cents, monthly_revenue_cents,
       total_revenue_cents, probability, close_date, created_at, assigned_to, created_by, product_type)
     select $1, c.id,
       '${MARK} ' || g || case when g % 7 = 0 then ' fleet refresh' else ' lines' end,
       (array['lead','qualified','proposal','negotiation','closed_won'])[1 + g % 5]::deal_status,
       (g * 7919) % 500000 * 100, (g * 131) % 5000 * 100, (g * 7919) % 500000 * 100,
       (g * 37) % 101,
       case when g % 5 = 0 then null else current_date + ((g % 365) - 100) end,
       now() - (g % 730) * interval '1 day' - g * interval '1 second',
       ($3::text[])[1 + g % array_length($3::text[], 1)],
       ($3::text[])[1 + g % array_length($3::text[], 1)],
       'Mobile'
     from generate_series(1, $2::int) g
     join c on c.k = g % ${CUSTOMERS}`,
    [companyId, dealCount, agentIds],
  );
  await client.query("commit");
  await client.query("vacuum analyze deals");
  await client.query("vacuum analyze customers");
}

spawnSync("node", ["scripts/seed.ts"], { env, stdio: "inherit" });
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const filling = performance.now();
await fill(client);
process.stdout.write(`deals ready in ${Math.round(performance.now() - filling)} ms\n`);
const moveIds = (
  await client.query<{ id: string }>(
    `select d.id from deals d join companies c on c.id = d.company_id
     where c.slug = 'demo-wireless-partners' and d.title like $1 and d.status <> 'closed_lost'
     order by d.id limit 200`,
    [`${MARK}%`],
  )
).rows.map((r) => r.id);
await client.end();

const { base, stop } = await startServer(env);
try {
  const cookie = await signInAsDemoAgent(base);
  const pages = viewPaths("/dashboard/deals", DEAL_VIEWS);
  const data = viewPaths("/dashboard/deals.data", DEAL_VIEWS);
  for (const path of [...pages, ...data]) {
    const res = await fetch(base + path, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
  process.stdout.write(
    `\n${dealCount.toLocaleString("en-US")} deals, ${CUSTOMERS.toLocaleString("en-US")} customers, ${seconds} s each, ${DEAL_VIEWS.length} views in rotation, ${env.WEB_CONCURRENCY} server process(es)\n`,
  );
  const one = { connections: 1, seconds, headers: HEADERS(cookie) };
  await run(
    "warmup",
    base,
    pages.map((path) => ({ path })),
    { ...one, seconds: 5 },
  );
  process.stdout.write("1 connection, closed loop\n");
  await run(
    "page",
    base,
    pages.map((path) => ({ path })),
    one,
  );
  await run(
    "data",
    base,
    data.map((path) => ({ path })),
    one,
  );
  process.stdout.write(`fixed rate ${rate} req/s over 50 connections (open loop)\n`);
  for (const [title, paths] of [
    ["page", pages],
    ["data", data],
  ] as const) {
    const r = await paced({
      base,
      paths,
      headers: HEADERS(cookie),
      rate,
      seconds,
      connections: 50,
    });
    const shortfall =
      r.achieved < rate * 0.95 ? `   NOT VALID: answered ${Math.round(r.achieved)} req/s` : "";
    process.stdout.write(
      `${title.padEnd(6)} ${String(Math.round(r.achieved)).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms   p99 ${r.p99} ms   ${r.sent} requests, ${r.errors} errors${shortfall}\n`,
    );
  }

  // Status changes one after another, as agents drag cards (each: the update, its activity
  // entry, the assignee's notification and both columns' totals).
  const statuses = ["qualified", "proposal", "negotiation", "closed_won", "lead"];
  const moves: number[] = [];
  for (const [i, id] of moveIds.entries()) {
    const started = performance.now();
    const res = await fetch(`${base}/api/deals/${id}/move`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ status: statuses[i % statuses.length] }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`move answered ${res.status}`);
    moves.push(performance.now() - started);
  }
  moves.sort((a, b) => a - b);
  process.stdout.write(
    `move   ${moves.length} status changes, one at a time: p50 ${percentileOf(moves, 50)} ms   p95 ${percentileOf(moves, 95)} ms\n`,
  );

  for (let i = 1; i <= 3; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/deals.xlsx`, { headers: { cookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    process.stdout.write(
      `export run ${i}: every deal on the board (${dealCount.toLocaleString("en-US")} + the demo's), ${Math.round(performance.now() - started)} ms, ${(bytes / 1024).toFixed(0)} KiB\n`,
    );
  }
  const started = performance.now();
  const res = await fetch(`${base}/api/deals.xlsx?status=lead`, { headers: { cookie } });
  await res.arrayBuffer();
  process.stdout.write(
    `export of one column (Lead): ${Math.round(performance.now() - started)} ms\n`,
  );
} finally {
  stop();
}
