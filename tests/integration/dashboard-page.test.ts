import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CHECK_IN_DATE_MESSAGE } from "#app/lib/schemas/dashboard.ts";
import { checkInReminders, customers, notifications, quotes } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { pageRequests } from "./helpers/page-requests.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The dashboard's buttons through the page server, as a browser posts them to `/dashboard?index`:
// a check-in scheduled and marked done, a proposal sent, a requote; another company's agent finds
// none of the demo company's records, and a visitor is sent to sign in.

const world = setUpTestRuntime({ demo: true, pages: true });
let rt: TestRuntime;
let server: PageServer;
const { get, post } = pageRequests(() => server.url);
let demoCookie: string;
let demoAgentId: string;
let strangerCookie: string;
let harborId: string;
let cascadeQuoteId: string;

/** Today on the server's clock, as the dialog's date input posts it. */
const todayIso = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({
    rt,
    pages: server,
    demo: { agentId: demoAgentId },
  } = world());
  demoCookie = await signInCookie(server.url, "demo", "carrierline-demo");
  await createCompanyWithAgent(rt, {
    company: "Dashboard Stranger",
    username: "dash_stranger",
    password: "dash-stranger-password-1",
  });
  strangerCookie = await signInCookie(server.url, "dash_stranger", "dash-stranger-password-1");
  const [harbor] = await rt.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyName, "Harbor Logistics"));
  harborId = harbor?.id ?? "";
  const [cascade] = await rt.database.db
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.companyName, "Cascade Home Health"));
  cascadeQuoteId = cascade?.id ?? "";
});

const remindersOf = (userId: string) =>
  rt.database.db.select().from(checkInReminders).where(eq(checkInReminders.userId, userId));

describe("Schedule Check-in", () => {
  it("stores the dated reminder; due today, it is a notification and shows under Check-ins Due until done", async () => {
    const res = await post(
      "/dashboard?index",
      { intent: "check-in", customerId: harborId, dueOn: todayIso(), note: "Renewal talk" },
      demoCookie,
    );
    expect(res.status).toBe(200);
    const [reminder] = await remindersOf(demoAgentId);
    expect(reminder).toMatchObject({
      customerId: harborId,
      dueOn: todayIso(),
      note: "Renewal talk",
    });

    const page = await (await get("/dashboard", demoCookie)).text();
    expect(page).toContain("Check-ins Due");
    expect(page).toContain("Mark the check-in with Harbor Logistics done");
    const told = await rt.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, demoAgentId), eq(notifications.title, "Check-in due")));
    expect(told).toHaveLength(1);
    // Another page load tells nobody twice.
    await get("/dashboard/deals", demoCookie);
    expect(
      await rt.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, demoAgentId), eq(notifications.title, "Check-in due"))),
    ).toHaveLength(1);

    // Another company's agent cannot close it.
    const foreign = await post(
      "/dashboard?index",
      { intent: "check-in-done", reminderId: reminder?.id ?? "" },
      strangerCookie,
    );
    expect(foreign.status).toBe(404);
    const done = await post(
      "/dashboard?index",
      { intent: "check-in-done", reminderId: reminder?.id ?? "" },
      demoCookie,
    );
    expect(done.status).toBe(200);
    expect((await remindersOf(demoAgentId))[0]?.doneAt).toBeInstanceOf(Date);
    expect(await (await get("/dashboard", demoCookie)).text()).not.toContain(
      "Mark the check-in with Harbor Logistics done",
    );
  });

  it("refuses a missing or malformed day with the field's message", async () => {
    for (const dueOn of ["", "2026-02-30", "tomorrow"]) {
      const res = await post(
        "/dashboard?index",
        { intent: "check-in", customerId: harborId, dueOn },
        demoCookie,
      );
      expect(res.status, dueOn).toBe(400);
      expect(await res.text()).toContain(CHECK_IN_DATE_MESSAGE);
    }
  });

  it("refuses a day outside 2000–2099, which the database or the date's text would get wrong", async () => {
    // Year 0000 failed the insert with a 500; 0001 was stored and confirmed as "Jan 1, 1901".
    for (const dueOn of ["0000-06-01", "0001-01-01", "1999-12-31", "2100-01-01"]) {
      const res = await post(
        "/dashboard?index",
        { intent: "check-in", customerId: harborId, dueOn },
        demoCookie,
      );
      expect(res.status, dueOn).toBe(400);
      expect(await res.text()).toContain("The day must be between 2000-01-01 and 2099-12-31");
    }
    expect(await remindersOf(demoAgentId)).not.toContainEqual(
      expect.objectContaining({ dueOn: "0001-01-01" }),
    );
  });

  it("answers another company's customer as not found, and stores nothing for them", async () => {
    const res = await post(
      "/dashboard?index",
      { intent: "check-in", customerId: harborId, dueOn: todayIso() },
      strangerCookie,
    );
    expect(res.status).toBe(404);
    const [stranger] = await rt.database.db
      .select({ userId: checkInReminders.userId })
      .from(checkInReminders)
      .innerJoin(customers, eq(customers.id, checkInReminders.customerId))
      .where(eq(customers.companyName, "Dashboard Stranger"));
    expect(stranger).toBeUndefined();
  });
});

describe("Send Proposal and Requote", () => {
  it("answer another company's quote as not found", async () => {
    for (const intent of ["send-proposal", "requote"]) {
      const res = await post(
        "/dashboard?index",
        { intent, quoteId: cascadeQuoteId },
        strangerCookie,
      );
      expect(res.status, intent).toBe(404);
    }
  });

  it("requote makes a new version and opens it", async () => {
    const res = await post(
      "/dashboard?index",
      { intent: "requote", quoteId: cascadeQuoteId },
      demoCookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/dashboard\/quotes\/[0-9a-f-]{36}$/);
  });
});

describe("a visitor", () => {
  it("is sent to sign in, whatever the intent, and nothing is stored", async () => {
    const before = (await rt.database.db.select().from(checkInReminders)).length;
    const posts: Record<string, string>[] = [
      { intent: "check-in", customerId: harborId, dueOn: todayIso() },
      { intent: "send-proposal", quoteId: cascadeQuoteId },
      { intent: "requote", quoteId: cascadeQuoteId },
      { intent: "check-in-done", reminderId: harborId },
    ];
    for (const fields of posts) {
      const res = await post("/dashboard?index", fields);
      expect(res.status, fields.intent).toBe(302);
      expect(res.headers.get("location"), fields.intent).toMatch(/^\/login/);
    }
    expect(await rt.database.db.select().from(checkInReminders)).toHaveLength(before);
  });
});
