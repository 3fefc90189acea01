import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { type WaitlistQuery, waitlistQuerySchema } from "#app/lib/schemas/waitlist.ts";
import { analyticsEvents, mailOutbox, waitlistSignups } from "#server/db/schema/index.ts";
import { parseCsv } from "#server/platform/csv.ts";
import { listSignups, signupCountsBySource } from "#server/site/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// TRUST_PROXY lets each test be its own client address, so rate limits do not leak between tests.
const world = setUpTestRuntime({
  env: {
    TRUST_PROXY: "true",
    WAITLIST_RATE_LIMIT: "3",
    PLATFORM_OPERATORS: "ops_operator@carrierline-ops.example",
  },
  api: true,
});
let rt: TestRuntime;
let server: TestServer;
let client = 0;

beforeAll(() => {
  ({ rt, api: server } = world());
});

const SIGNUP = {
  name: "Ana Reyes",
  email: "ana@reyes-telecom.example",
  company: "Reyes Telecom",
  phone: "(555) 123-4567",
  source: "hero_section",
};

function poster(path = "/api/waitlist") {
  const address = `10.0.0.${++client}`;
  return (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": address,
        "user-agent": "WaitlistTest/1.0",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
}

describe("POST /api/waitlist", () => {
  it("stores the sign-up with its source, time and user agent, and queues the confirmation", async () => {
    const post = poster();
    const res = await post(SIGNUP);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const [row] = await rt.database.db
      .select()
      .from(waitlistSignups)
      .where(eq(waitlistSignups.email, SIGNUP.email));
    expect(row).toMatchObject({
      name: "Ana Reyes",
      company: "Reyes Telecom",
      phone: "(555) 123-4567",
      source: "hero_section",
      userAgent: "WaitlistTest/1.0",
      submissionCount: 1,
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
    const mail = await rt.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, SIGNUP.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      template: "waitlist-confirmation",
      status: "queued",
      channel: "email",
    });
    expect(mail[0]?.textBody).toContain("Hi Ana Reyes,");
  });

  it("updates a repeat email (any case) instead of failing or duplicating", async () => {
    const post = poster();
    await post({ ...SIGNUP, email: "bo@acme.example", company: "Acme" });
    const again = await post({
      ...SIGNUP,
      email: "BO@Acme.example",
      company: "Acme Wireless",
      phone: "",
      source: "beta_section",
    });
    expect(await again.json()).toEqual({ success: true });
    const rows = await rt.database.db
      .select()
      .from(waitlistSignups)
      .where(eq(waitlistSignups.emailKey, "bo@acme.example"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      company: "Acme Wireless",
      source: "beta_section",
      submissionCount: 2,
      phone: "(555) 123-4567",
    });
  });

  it("mails the confirmation for a new address only, and answers a repeat just the same", async () => {
    const post = poster();
    const email = "cy@repeat.example";
    const first = await post({ ...SIGNUP, email, name: "Cy First" });
    const again = await post({ ...SIGNUP, email, name: "Cy Second" });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await first.json());
    const mail = await rt.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.textBody).toContain("Hi Cy First,");
    const [row] = await rt.database.db
      .select()
      .from(waitlistSignups)
      .where(eq(waitlistSignups.emailKey, email));
    expect(row).toMatchObject({ name: "Cy Second", submissionCount: 2 });
  });

  it("takes one mailbox only: a list, a display name or a trailing dot is refused and mails no one", async () => {
    const victim = "victim@mail-one.example";
    for (const email of [
      `${victim},second@mail-one.example`,
      `${victim};second@mail-one.example`,
      `x<${victim}>`,
      `"x" <${victim}>`,
      `${victim}.`,
    ]) {
      const res = await poster()({ ...SIGNUP, email });
      expect(res.status, email).toBe(400);
      expect(await res.json(), email).toEqual({ error: "Please enter a valid email address" });
    }
    const mail = await rt.database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox);
    expect(mail.filter((m) => m.to.includes("mail-one.example"))).toEqual([]);
    const rows = await rt.database.db
      .select({ key: waitlistSignups.emailKey })
      .from(waitlistSignups);
    expect(rows.filter((r) => r.key.includes("mail-one.example"))).toEqual([]);
  });

  it("answers every bad input with a clear 4xx and the spec's messages", async () => {
    const post = poster();
    const cases: [unknown, number, string][] = [
      ["{not json", 400, "The request body must be JSON."],
      [{ ...SIGNUP, name: "  " }, 400, "Name is required"],
      [{ email: SIGNUP.email, company: "X" }, 400, "Name is required"],
      [{ ...SIGNUP, email: "ana@example" }, 400, "Please enter a valid email address"],
      [{ ...SIGNUP, phone: "555-1234" }, 400, "Please enter a valid phone number"],
      [{ ...SIGNUP, company: "" }, 400, "Company is required"],
    ];
    for (const [body, status, error] of cases) {
      const res = await poster()(body);
      expect(res.status, error).toBe(status);
      expect(await res.json()).toEqual({ error });
    }
    const huge = await post({ ...SIGNUP, name: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "The request is too large." });
  });

  it("records an unknown source as direct", async () => {
    await poster()({ ...SIGNUP, email: "src@example.com", source: "somewhere-else" });
    const [row] = await rt.database.db
      .select()
      .from(waitlistSignups)
      .where(eq(waitlistSignups.email, "src@example.com"));
    expect(row?.source).toBe("direct");
  });

  it("pretends success to a bot that fills the honeypot, and keeps nothing", async () => {
    const res = await poster()({
      ...SIGNUP,
      email: "bot@spam.example",
      website: "http://spam.example",
    });
    expect(await res.json()).toEqual({ success: true });
    expect(
      await rt.database.db.$count(waitlistSignups, eq(waitlistSignups.email, "bot@spam.example")),
    ).toBe(0);
  });

  it("limits sign-ups per address with a clear 429, and loses none it accepted", async () => {
    const post = poster();
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await post({ ...SIGNUP, email: `flood${i}@example.com` }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    const refused = answers[3];
    expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused?.json()).toEqual({
      error: "Too many sign-ups from your network. Please try again in 10 minutes.",
    });
    for (let i = 0; i < 3; i++) {
      expect(
        await rt.database.db.$count(
          waitlistSignups,
          eq(waitlistSignups.email, `flood${i}@example.com`),
        ),
      ).toBe(1);
    }
    // Another address is not affected.
    expect((await poster()({ ...SIGNUP, email: "other@example.com" })).status).toBe(200);
  });

  it("answers on the old path with the same handler", async () => {
    const res = await poster("/.netlify/functions/waitlist")({
      ...SIGNUP,
      email: "old-path@example.com",
    });
    expect(await res.json()).toEqual({ success: true });
    expect(
      await rt.database.db.$count(
        waitlistSignups,
        eq(waitlistSignups.email, "old-path@example.com"),
      ),
    ).toBe(1);
  });
});

describe("POST /api/events", () => {
  it("stores the modal's analytics events and refuses unknown ones", async () => {
    const post = poster("/api/events");
    const ok = await post({
      name: "waitlist_submission_error",
      source: "beta_section",
      message: "Server error: 500",
      path: "/",
    });
    expect(ok.status).toBe(204);
    const [event] = await rt.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, "waitlist_submission_error"));
    expect(event).toMatchObject({
      source: "beta_section",
      properties: { message: "Server error: 500" },
      path: "/",
    });
    expect((await post({ name: "page_view" })).status).toBe(400);
    expect((await post("{oops")).status).toBe(400);
  });
});

describe("the operators' view of the waitlist", () => {
  it("lists newest first, searches, counts by source, and exports CSV to platform operators only", async () => {
    await createCompanyWithAgent(rt, {
      company: "Carrierline Ops",
      username: "ops_operator",
      password: "ops-operator-pass-1",
    });
    await createCompanyWithAgent(rt, {
      company: "Carrierline Ops",
      username: "ops_admin",
      password: "ops-admin-pass-1",
      role: "admin",
    });
    await createCompanyWithAgent(rt, {
      company: "Carrierline Ops",
      username: "ops_agent",
      password: "ops-agent-pass-1",
    });
    const operator = await signInCookie(server.url, "ops_operator", "ops-operator-pass-1");
    const admin = await signInCookie(server.url, "ops_admin", "ops-admin-pass-1");
    const agent = await signInCookie(server.url, "ops_agent", "ops-agent-pass-1");

    // A company's admin is refused by the service itself, whatever the screen or API does.
    const adminCtx = await userContextFor(rt, { username: "ops_admin" });
    await expect(listSignups(adminCtx, { q: "", page: 1 })).rejects.toThrow(
      "Only platform operators can see the waitlist.",
    );
    await expect(signupCountsBySource(adminCtx)).rejects.toThrow(/platform operators/);

    const ctx = await userContextFor(rt, { username: "ops_operator" });
    const list = await listSignups(ctx, { q: "", page: 1 });
    const times = list.rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await listSignups(ctx, { q: "ACME", page: 1 })).rows.map((r) => r.company)).toEqual([
      "Acme Wireless",
    ]);
    const counts = await signupCountsBySource(ctx);
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(list.total);
    expect(counts.find((c) => c.source === "direct")?.count).toBeGreaterThanOrEqual(1);

    const url = `${server.url}/api/admin/waitlist.csv`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { cookie: agent } })).status).toBe(403);
    expect((await fetch(url, { headers: { cookie: admin } })).status).toBe(403);
    const res = await fetch(url, { headers: { cookie: operator } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="waitlist.csv"');
    const table = parseCsv(await res.text());
    expect(table.headers).toEqual([
      "Name",
      "Email",
      "Company",
      "Phone",
      "Source",
      "Submissions",
      "Signed Up",
      "Last Submitted",
    ]);
    expect(table.rows).toHaveLength(list.total);
    expect(
      table.rows.find((r) => r.Email === "BO@Acme.example" || r.Email === "bo@acme.example")
        ?.Submissions,
    ).toBe("2");
  });
  it("sorts a page by the column the operator chose, either way, with defaults for anything else", async () => {
    const post = poster();
    for (const name of ["Sortcheck Bravo", "sortcheck alpha", "Sortcheck Charlie"]) {
      const email = `${name.toLowerCase().replace(" ", ".")}@sortcheck.example`;
      expect((await post({ ...SIGNUP, name, email, company: "Sortcheck Co" })).status).toBe(200);
    }
    // A second submission of Charlie's address counts twice.
    expect(
      (
        await poster()({
          ...SIGNUP,
          name: "Sortcheck Charlie",
          email: "sortcheck.charlie@sortcheck.example",
          company: "Sortcheck Co",
        })
      ).status,
    ).toBe(200);
    const ctx = await userContextFor(rt, { username: "ops_operator" });
    const names = async (sort: WaitlistQuery["sort"], dir: WaitlistQuery["dir"]) =>
      (await listSignups(ctx, { q: "sortcheck", page: 1, sort, dir })).rows.map((r) => r.name);
    expect(await names("name", "asc")).toEqual([
      "sortcheck alpha",
      "Sortcheck Bravo",
      "Sortcheck Charlie",
    ]);
    expect(await names("name", "desc")).toEqual([
      "Sortcheck Charlie",
      "Sortcheck Bravo",
      "sortcheck alpha",
    ]);
    expect((await names("submissions", "desc"))[0]).toBe("Sortcheck Charlie");
    // What the screen reads from its address: an unknown column is the newest first.
    const read = (query: string) => readFilters(waitlistQuerySchema, new URLSearchParams(query));
    expect(read("sort=password&dir=sideways")).toMatchObject({ sort: "signedUp", dir: "desc" });
    const newest = (await listSignups(ctx, read("q=sortcheck&sort=password"))).rows;
    const times = newest.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe("the waitlist export against formula injection", () => {
  it("writes cells that begin like a formula as text, with a leading quote, and numbers as numbers", async () => {
    // Anyone may type the waitlist's fields; an operator opens the export in a spreadsheet.
    const res = await poster()({
      name: '=HYPERLINK("http://evil.example","Open")',
      email: "formula@evil.example",
      company: "@SUM(1+1)",
      phone: "+555-123-4567",
      source: "beta_section",
    });
    expect(res.status).toBe(200);
    const operator = await signInCookie(server.url, "ops_operator", "ops-operator-pass-1");
    const csv = await (
      await fetch(`${server.url}/api/admin/waitlist.csv`, { headers: { cookie: operator } })
    ).text();
    const line = csv.split("\r\n").find((l) => l.includes("formula@evil.example"));
    expect(line).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example"",""Open""\)","formula@evil\.example","'@SUM\(1\+1\)","'\+555-123-4567","beta_section","1",/,
    );
  });
});
