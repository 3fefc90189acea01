// Each data path against its floor, in one run (issue 19): our production server and a bare Hono
// server that answers the same URL with the very same SQL through `pg` (copied from PostgreSQL's
// log, log_statement = all) and JSON of the same rows, alternating, then the ratios.
//
//   npm run build
//   node bench/floors.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_floors \
//     [--seconds 10] [--connections 50] [--rounds 2] [--posts 10000] [--devices 100000] \
//     [--paths blog,waitlist,devices]
//
// The database must exist; it is migrated, seeded, and filled with N posts and N devices (skipped
// when they are there). Paths:
//   blog      GET /blog.data?page=1…12 (ours: React Router's turbo-stream; floor: the list query)
//   waitlist  POST /api/waitlist, a new email per request (the rate limit raised; the floor runs
//             our one statement: the address's counter, the sign-up, its outbox row)
//   devices   GET /dashboard/devices.data?… signed in as the demo agent, 8 views (filters, sorts,
//             a deep page; the text searches are bench/devices.ts's), the floor running the
//             layout's two queries (check-in reminders, notifications), the page, and the count
//             shared for 30 s as ours is
// Each round runs ours then the floor (the order swaps every round); the ratio is ours / floor.
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import type autocannon from "autocannon";
import { z } from "zod";
import { fillBlogPosts, fillDevices, seed } from "./fill.ts";
import {
  benchServerEnv,
  freePort,
  type Load,
  run,
  signInAsDemoAgent,
  startServer,
} from "./support.ts";
import { DEVICE_VIEWS, viewPaths } from "./views.ts";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "2" },
    posts: { type: "string", default: "10000" },
    devices: { type: "string", default: "100000" },
    paths: { type: "string", default: "blog,waitlist,devices" },
  },
});
const databaseUrl = z
  .string()
  .regex(/^postgres/)
  .parse(values["database-url"]);
const count = z.coerce.number().int().positive();
const rounds = count.parse(values.rounds);
const load: Load = {
  seconds: count.parse(values.seconds),
  connections: count.parse(values.connections),
};
const paths = z.array(z.enum(["blog", "waitlist", "devices"])).parse(values.paths.split(","));
const RATE_LIMIT = 1_000_000;
const env = {
  ...benchServerEnv(databaseUrl),
  WAITLIST_RATE_LIMIT: String(RATE_LIMIT),
};

// The floor. Pool of 10 as ours (server/db/client.ts); the SQL is ours as PostgreSQL logs it.
const BARE = String.raw`
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const LIMIT = Number(process.env.WAITLIST_RATE_LIMIT);
const [agent] = (await pool.query(
  "select id, company_id from agent_users where username = 'demo'",
)).rows;
const SORTS = { manufacturer: "sort_manufacturer", model: "sort_model", os: "sort_os",
  deviceType: "sort_device_type", fiveGBands: "sort_five_g_bands" };
const counts = new Map();
const app = new Hono();
app.get("/blog.data", async (c) => {
  const page = Number(c.req.query("page") ?? 1);
  const { rows } = await pool.query(
    'select "id", "title", "slug", "excerpt", "author", "read_time", "created_at" from "blog_posts" where "blog_posts"."published" = $1 order by "blog_posts"."created_at" desc nulls last, "blog_posts"."id" desc nulls last limit $2 offset $3',
    [true, 7, (page - 1) * 6],
  );
  return c.json({ page, posts: rows.slice(0, 6), hasMore: rows.length > 6 });
});
app.post("/api/waitlist", async (c) => {
  const b = await c.req.json();
  const { rows } = await pool.query(process.env.WAITLIST_SQL, [
    "waitlist:127.0.0.1", 1, 600, 600, b.name, b.email, b.company, b.phone ?? null, b.source ?? "direct",
    c.req.header("user-agent") ?? null, LIMIT, b.email, "You're on the Carrierline waitlist",
    "Hi " + b.name + ",\n\nThanks for your interest in Carrierline.", null, "waitlist-confirmation", null,
  ]);
  return c.json({ success: rows[0].count <= LIMIT });
});
app.get("/dashboard/devices.data", async (c) => {
  const carrier = c.req.query("carrier"), type = c.req.query("type");
  const sort = SORTS[c.req.query("sort") ?? "manufacturer"];
  const dir = c.req.query("dir") === "desc" ? "desc" : "asc";
  const page = Number(c.req.query("page") ?? 1);
  const where = [], params = [];
  if (carrier) { params.push(carrier); where.push('"certified_devices"."carrier" = $' + params.length); }
  if (type) { params.push(type); where.push('"certified_devices"."device_type" = $' + params.length); }
  const filter = where.length ? " where " + where.join(" and ") : "";
  const today = new Date().toISOString().slice(0, 10);
  const [reminders, notes, result] = await Promise.all([
    pool.query('select "id" from "check_in_reminders" where (("check_in_reminders"."user_id" = $1 and "check_in_reminders"."company_id" = $2) and ("check_in_reminders"."notified_at" is null and "check_in_reminders"."done_at" is null and "check_in_reminders"."due_on" <= $3)) limit $4', [agent.id, agent.company_id, today, 1]),
    pool.query('select "id", "company_id", "user_id", "type", "title", "message", "read_at", "created_at" from "notifications" where ("notifications"."user_id" = $1 and "notifications"."company_id" = $2) order by "notifications"."created_at" desc, "notifications"."id" desc limit $3', [agent.id, agent.company_id, 50]),
    (async () => {
      const key = filter + params.join();
      let found = counts.get(key);
      if (found === undefined || found.at < Date.now() - 30000) {
        const { rows } = await pool.query('select count(*)::int from (select 1 from "certified_devices"' + filter + " limit $" + (params.length + 1) + ') "matches"', [...params, 10001]);
        found = { n: rows[0].count, at: Date.now() };
        counts.set(key, found);
      }
      const sortKey = '"certified_devices"."' + sort + '" collate "C"';
      const key2 = found.n <= 2000 ? "(" + sortKey + ") || ''" : sortKey;
      const offset = page > 1 ? " offset $" + (params.length + 2) : "";
      const ids = 'select "id", ' + sortKey + ' as "sort_key" from "certified_devices"' + filter + " order by " + key2 + " " + dir + ', "certified_devices"."id" ' + dir + " limit $" + (params.length + 1) + offset;
      const { rows } = await pool.query('select "id", "carrier", "manufacturer", "model", "device_type", "device_sub", "os", "network", "bands", "five_g_bands" from "certified_devices" where "certified_devices"."id" in (select "id" from (' + ids + ') "ids") order by ' + sortKey + " " + dir + ', "certified_devices"."id" ' + dir, page > 1 ? [...params, 50, (page - 1) * 50] : [...params, 50]);
      return { rows, total: Math.min(found.n, 10000), capped: found.n > 10000, page };
    })(),
  ]);
  return c.json({ notifications: notes.rows, reminderDue: reminders.rows.length > 0, result });
});
app.get("/readyz", (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
`;

// Our sign-up statement (server/site/waitlist.ts) as PostgreSQL logs it.
const WAITLIST_SQL = `with hit as (insert into "rate_limit_buckets" ("key", "count", "reset_at") values ($1, $2, now() + make_interval(secs => $3)) on conflict ("key") do update set "count" = case when "rate_limit_buckets"."reset_at" <= now() then 1 else "rate_limit_buckets"."count" + 1 end, "reset_at" = case when "rate_limit_buckets"."reset_at" <= now() then now() + make_interval(secs => $4) else "rate_limit_buckets"."reset_at" end returning "count", greatest(1, ceil(extract(epoch from "reset_at" - now())))::int as "retry_after"),
    signup as (
      insert into "waitlist_signups" (name, email, company, phone, source, user_agent)
      select $5, $6, $7, $8, $9, $10
      from hit where hit.count <= $11
      on conflict (email_key) do update set
        name = excluded.name, company = excluded.company,
        phone = coalesce(excluded.phone, "waitlist_signups".phone), source = excluded.source,
        user_agent = excluded.user_agent,
        submission_count = "waitlist_signups".submission_count + 1, updated_at = now()
      returning 1
    ),
    mail as (insert into "mail_outbox" (channel, to_address, subject, text_body, html_body, template, company_id)
    select 'email', $12, $13, $14, $15, $16, $17::uuid
    from signup
    returning id)
    select hit.count, hit.retry_after, mail.id as outbox_id from hit left join mail on true`;

async function startBare() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["--input-type=module", "-e", BARE], {
    env: { ...env, PORT: String(port), WAITLIST_SQL },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 300) throw new Error("the floor server did not start");
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop: () => child.kill("SIGTERM") };
}

let sent = 0;
const runId = Date.now().toString(36);
const signup: autocannon.Request = {
  method: "POST",
  path: "/api/waitlist",
  headers: { "content-type": "application/json", "user-agent": "bench/floors" },
  setupRequest: (request) => ({
    ...request,
    body: JSON.stringify({
      name: "Load Test",
      email: `floors-${runId}-${sent++}@example.com`,
      company: "Bench Wireless",
      phone: "(555) 123-4567",
      source: "direct",
    }),
  }),
};

const print = (line: string) => process.stdout.write(`${line}\n`);
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

seed(env);
if (paths.includes("blog"))
  await (await fillBlogPosts(databaseUrl, count.parse(values.posts))).end();
if (paths.includes("devices")) await fillDevices(env, databaseUrl, count.parse(values.devices));

const bare = await startBare();
const ours = await startServer(env).catch((error: unknown) => {
  bare.stop();
  throw error;
});
const cookie = await signInAsDemoAgent(ours.base);
const scenarios: Record<
  (typeof paths)[number],
  { target: number; requests: autocannon.Request[]; headers: Record<string, string> }
> = {
  blog: {
    target: 0.9,
    requests: Array.from({ length: 12 }, (_, i) => ({ path: `/blog.data?page=${i + 1}` })),
    headers: {},
  },
  waitlist: { target: 0.8, requests: [signup], headers: {} },
  devices: {
    target: 0.8,
    // The floor answers the filters and sorts, not the text searches (bench/devices.ts has those).
    requests: viewPaths(
      "/dashboard/devices.data",
      DEVICE_VIEWS.filter((v) => !v.includes("q=") && !v.includes("tech=")),
    ).map((path) => ({ path })),
    headers: { cookie, "accept-encoding": "gzip, deflate, br, zstd" },
  },
};
const summary: string[] = [];
try {
  print(`load average before: ${loads()}`);
  print(`${load.connections} connections, ${load.seconds} s a run, ${rounds} rounds`);
  for (const name of paths) {
    const s = scenarios[name];
    for (const side of [ours, bare]) {
      for (const r of s.requests.filter((x) => x.method !== "POST")) {
        const res = await fetch(side.base + String(r.path), { headers: s.headers });
        if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}`);
      }
    }
    print(`\n${name}`);
    await run("warmup", ours.base, s.requests, { ...load, headers: s.headers });
    await run("warmup", bare.base, s.requests, { ...load, headers: s.headers });
    const ratios: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 === 0 ? (["ours", "floor"] as const) : (["floor", "ours"] as const);
      const rate: Record<string, number> = {};
      for (const who of order) {
        const side = who === "ours" ? ours : bare;
        const r = await run(who, side.base, s.requests, { ...load, headers: s.headers });
        rate[who] = r.requests.average;
      }
      ratios.push(((rate.ours ?? 0) / (rate.floor ?? 1)).toFixed(2));
    }
    const line = `${name}: ours / floor ${ratios.join(", ")} (target ≥ ${s.target})`;
    print(line);
    summary.push(line);
  }
  print(`\n${summary.join("\n")}`);
  print(`load average after: ${loads()}`);
} finally {
  ours.stop();
  bare.stop();
}
