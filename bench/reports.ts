// The four reports' data at scale: 10,000 deals over 2,000 customers and a year of activity.
//
//   node bench/reports.ts [--database-url postgres://postgres@127.0.0.1:5432/carrierline_bench_reports]
//     [--deals 10000] [--rounds 30]
//
// Without --database-url an embedded database is made and seeded in a temporary directory; with
// it, that database (which must exist) is migrated and seeded. The demo company gets N generated
// deals (created over the last year, a fifth won and a tenth lost), 2,000 customers, 60,000
// activity entries, 3,000 sent quotes and 500 analysed bills, all in SQL. Then each report's
// data (`dealsReport`, `customerReport`, `activityReport`, `performanceReport`: what the Reports
// screen's loader reads) is timed for Last 30 Days, Last 90 Days and All Time, as the admin
// (whole company) and as the demo agent (own figures): p50, p95 and max per report and period.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eq, like, sql } from "drizzle-orm";
import { REPORT_PERIOD_LABELS, reportQuerySchema } from "#app/lib/schemas/reports.ts";
import { agent_users, companies, deals } from "#server/db/schema/index.ts";
import { loadConfig } from "#server/platform/config.ts";
import { type UserContext, withUser } from "#server/platform/context.ts";
import {
  activityReport,
  customerReport,
  dealsReport,
  performanceReport,
  reportScope,
} from "#server/reports/index.ts";
import { createRuntime, type Runtime, serviceContext } from "#server/runtime.server.ts";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    deals: { type: "string", default: "10000" },
    rounds: { type: "string", default: "30" },
  },
});
const dealCount = Number(values.deals);
const rounds = Number(values.rounds);
const MARK = "Report bench";

async function fill(runtime: Runtime, companyId: string, agentIds: string[]) {
  // One transaction without the server's statement timeout: filling takes seconds.
  await runtime.database.db.transaction(async (db) => {
    await db.execute(sql.raw("set local statement_timeout = 0"));
    await fillIn(db, companyId, agentIds);
  });
  await runtime.database.db.execute(sql`analyze`);
}

async function fillIn(
  db: Parameters<Parameters<Runtime["database"]["db"]["transaction"]>[0]>[0],
  companyId: string,
  agentIds: string[],
) {
  const agents = sql.raw(`array[${agentIds.map((id) => `'${id}'`).join(",")}]`);
  const n = agentIds.length;
  await db.execute(sql`
    insert into customers (company_id, name, company_name, industry, assigned_to, created_at)
    select ${companyId}, 'Contact ' || g, ${MARK} || ' customer ' || g,
      (array['Retail','Healthcare','Construction','Legal','Logistics'])[1 + g % 5],
      (${agents})[1 + g % ${n}], now() - make_interval(days => g % 365)
    from generate_series(1, 2000) g`);
  await db.execute(sql`
    with c as (
      select id, row_number() over (order by id) - 1 as k from customers
      where company_id = ${companyId} and company_name like ${`${MARK} customer %`}
    )
    insert into deals (company_id, customer_id, title, status, stage, carrier, value_cents,
      monthly_revenue_cents, voice_lines, assigned_to, created_at, updated_at, won_at)
    select ${companyId}, c.id, ${MARK} || ' ' || g,
      (array['lead','qualified','proposal','negotiation','closed_won','closed_lost','lead','qualified','proposal','closed_won'])[1 + g % 10]::deal_status,
      (array['discovery','qualification','solution','proposal','negotiation','closing'])[1 + g % 6]::deal_stage,
      (array['ATT','VERIZON','TMOBILE'])[1 + g % 3]::deal_carrier,
      (g * 7919) % 500000 * 100, (g * 131) % 5000 * 100, g % 40,
      (${agents})[1 + g % ${n}],
      now() - make_interval(days => g % 365),
      now() - make_interval(days => (g % 365) / 2),
      case when g % 10 in (4, 9) then now() - make_interval(days => (g % 365) / 2) end
    from generate_series(1, ${dealCount}::int) g
    join c on c.k = g % 2000`);
  await db.execute(sql`
    insert into activities (company_id, actor_id, kind, deal_id, created_at)
    select ${companyId}, (${agents})[1 + g % ${n}],
      (array['deal_status_changed','deal_stage_changed','deal_note','quote_generated','quote_saved','quote_sent','deal_updated'])[1 + g % 7]::activity_kind,
      null, now() - make_interval(mins => g * 8 % 525600)
    from generate_series(1, 60000) g`);
  await db.execute(sql`
    insert into quotes (company_id, agent_id, status, sent_at, company_name, contact_name,
      contact_email, description)
    select ${companyId}, (${agents})[1 + g % ${n}], 'sent', now() - make_interval(days => g % 365),
      ${MARK} || ' quote ' || g, 'Contact', 'contact@bench.example', '10 lines'
    from generate_series(1, 3000) g`);
  await db.execute(sql`
    insert into bill_analyses (company_id, uploaded_by, status, completed_at, file_name,
      mime_type, size_bytes)
    select ${companyId}, (${agents})[1 + g % ${n}], 'completed', now() - make_interval(days => g % 365),
      'bill.pdf', 'application/pdf', 1000
    from generate_series(1, 500) g`);
}

async function contextFor(runtime: Runtime, username: string): Promise<UserContext> {
  const [user] = await runtime.database.db
    .select()
    .from(agent_users)
    .where(eq(agent_users.username, username));
  if (!user?.companyId || !user.username) throw new Error(`no ${username}: the seed did not run`);
  return withUser(serviceContext(runtime), {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    role: user.role,
    companyId: user.companyId,
    company: user.company,
    platformOperator: false,
  });
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ms = (value: number) => value.toFixed(1).padStart(6);

const REPORTS = { dealsReport, customerReport, activityReport, performanceReport };

async function measure(ctx: UserContext, who: string) {
  for (const period of ["30", "90", "all"] as const) {
    const scope = reportScope(ctx, reportQuerySchema.parse({ period }));
    for (const [name, report] of Object.entries(REPORTS)) {
      await report(ctx, scope); // warm-up
      const times: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const started = performance.now();
        await report(ctx, scope);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      process.stdout.write(
        `${who.padEnd(6)} ${REPORT_PERIOD_LABELS[period].padEnd(13)} ${name.padEnd(18)} p50 ${ms(at(times, 50))} ms   p95 ${ms(at(times, 95))} ms   max ${ms(times.at(-1) ?? 0)} ms\n`,
      );
    }
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-reports-"));
try {
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_MODE: "true", LOG_LEVEL: "warn" };
  if (values["database-url"]) env.DATABASE_URL = values["database-url"];
  const runtime = await createRuntime(loadConfig(env));
  const admin = await contextFor(runtime, "admin");
  const agent = await contextFor(runtime, "demo");
  const [company] = await runtime.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, admin.user.companyId));
  if (!company) throw new Error("no demo company");
  const [had] = await runtime.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(deals)
    .where(like(deals.title, `${MARK} %`));
  if (Number(had?.n ?? 0) === 0) {
    const agentIds = (
      await runtime.database.db
        .select({ id: agent_users.id })
        .from(agent_users)
        .where(eq(agent_users.companyId, company.id))
    ).map((row) => row.id);
    const started = performance.now();
    await fill(runtime, company.id, agentIds);
    process.stdout.write(`filled in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  process.stdout.write(
    `${dealCount} deals, 2,000 customers, 60,000 activities; ${rounds} rounds each; load average ${(
      await import("node:os")
    )
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}\n`,
  );
  await measure(admin, "admin");
  await measure(agent, "agent");
  await runtime.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
