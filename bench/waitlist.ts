// POST /api/waitlist under load on PostgreSQL, and proof that every accepted sign-up was stored.
//
//   npm run build
//   node bench/waitlist.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_bench \
//     [--seconds 15] [--connections 50]
//
// The database must exist; the server migrates it. The rate limit is raised for the run (it is
// per address, and every request here comes from 127.0.0.1). Each request carries a new email.
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { run as runLoad, startServer } from "./support.ts";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "50" },
  },
});
const databaseUrl = z
  .string()
  .regex(/^postgres/)
  .parse(values["database-url"]);
const seconds = z.coerce.number().int().positive().parse(values.seconds);
const connections = z.coerce.number().int().positive().parse(values.connections);

const run = `bench-${Date.now().toString(36)}`;
const server = await startServer({
  ...process.env,
  DATABASE_URL: databaseUrl,
  DEMO_MODE: "false",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
  LOG_LEVEL: "warn",
  WAITLIST_RATE_LIMIT: "1000000",
});

let sent = 0;
// autocannon hands each request's context to its response; the email sent rides along here.
const emailOf = new WeakMap<object, string>();
const accepted: string[] = [];
const refused = new Map<number, number>();
try {
  process.stdout.write(`\nPOST /api/waitlist, ${connections} connections, ${seconds} s\n`);
  await runLoad(
    "signup",
    server.base,
    [
      {
        method: "POST",
        path: "/api/waitlist",
        headers: { "content-type": "application/json", "user-agent": "bench/waitlist" },
        setupRequest: (request, context) => {
          const email = `${run}-${sent++}@example.com`;
          emailOf.set(context, email);
          return {
            ...request,
            body: JSON.stringify({
              name: "Load Test",
              email,
              company: "Bench Wireless",
              phone: "(555) 123-4567",
              source: "direct",
            }),
          };
        },
        onResponse: (status, _body, context) => {
          const email = emailOf.get(context);
          if (status === 200 && email) accepted.push(email);
          else refused.set(status, (refused.get(status) ?? 0) + 1);
        },
      },
    ],
    { connections, seconds },
  );

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stored = await client.query<{ n: number; mails: number }>(
    `select count(*)::int as n,
            (select count(*)::int from mail_outbox where to_address = any($1)) as mails
       from waitlist_signups where email = any($1)`,
    [accepted],
  );
  await client.end();
  const row = stored.rows[0];
  process.stdout.write(
    `accepted ${accepted.length}, stored ${row?.n}, confirmations queued ${row?.mails}, refused ${JSON.stringify(Object.fromEntries(refused))}\n`,
  );
  if (row?.n !== accepted.length || row.mails !== accepted.length) {
    process.stdout.write("LOST SIGN-UPS: some accepted sign-ups are not in the table\n");
    process.exitCode = 1;
  }
} finally {
  server.stop();
}
