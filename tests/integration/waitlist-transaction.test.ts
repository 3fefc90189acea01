import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, waitlistSignups } from "#server/db/schema/index.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// Issue 12, item 23: a sign-up and its confirmation email are one write. 31 sign-ups were once
// saved while their senders got an error and no email. Here the database itself refuses the
// confirmation (a constraint this test adds on mail_outbox for one address): the sign-up must be
// answered with an error and leave no row behind; every other sign-up keeps both.

const world = setUpTestRuntime({ env: { WAITLIST_RATE_LIMIT: "100" }, api: true });
let rt: TestRuntime;
let server: TestServer;

const REFUSED = "no-mail@refused.example";

beforeAll(async () => {
  ({ rt, api: server } = world());
  await rt.database.db.execute(
    sql.raw(
      `alter table mail_outbox add constraint test_refuses_one_address check (to_address <> '${REFUSED}')`,
    ),
  );
});

const signUp = (email: string) =>
  fetch(`${server.url}/api/waitlist`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Ada Atomic", email, company: "Atomic Wireless" }),
  });

const rowsFor = (email: string) =>
  rt.database.db.$count(waitlistSignups, eq(waitlistSignups.email, email));
const mailsFor = (email: string) =>
  rt.database.db.$count(mailOutbox, eq(mailOutbox.toAddress, email));

describe("a sign-up and its confirmation", () => {
  it("leave no row behind when the confirmation cannot be written", async () => {
    const res = await signUp(REFUSED);
    expect(res.status).toBe(500);
    expect(await rowsFor(REFUSED)).toBe(0);
    expect(await mailsFor(REFUSED)).toBe(0);
  });

  it("are both kept when the sign-up is accepted, and the refusal left nothing in the way", async () => {
    const email = "ada@atomic.example";
    expect((await signUp(email)).status).toBe(200);
    expect(await rowsFor(email)).toBe(1);
    expect(await mailsFor(email)).toBe(1);
  });
});
