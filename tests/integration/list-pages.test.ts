import { beforeAll, describe, expect, it } from "vitest";
import {
  billAnalyses,
  customers,
  mailOutbox,
  quotes,
  waitlistSignups,
} from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type DemoSeed, type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { pageRequests } from "./helpers/page-requests.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// Every paged list of the portal, loaded as a browser does with a page past its last: it shows
// the last page's rows (decision 0042's addendum), not an empty page that reads as "none".
// Each list gets rows marked "Pagerow NN", the oldest (00) sorting last.

// The demo admin also reads the waitlist and its mail, as a platform operator (decision 0011).
const world = setUpTestRuntime({
  demo: true,
  pages: true,
  env: { PLATFORM_OPERATORS: "admin@demowireless.example" },
});
let rt: TestRuntime;
let server: PageServer;
let demo: DemoSeed;
let admin: string;
const { get } = pageRequests(() => server.url);

/** The marked rows' times: row i is i hours after a day long before the demo data. */
const hoursAfterStart = (i: number) => new Date(Date.UTC(2020, 0, 1, i));
const marker = (i: number) => `Pagerow ${String(i).padStart(2, "0")}`;
const markers = (count: number) => Array.from({ length: count }, (_, i) => i);

beforeAll(async () => {
  ({ rt, pages: server, demo } = world());
  const { db } = rt.database;
  const { companyId, adminId } = demo;
  await db.insert(waitlistSignups).values(
    markers(55).map((i) => ({
      name: marker(i),
      email: `pagerow${i}@waitlist.example`,
      company: "Pagerow Co",
      createdAt: hoursAfterStart(i),
    })),
  );
  await db.insert(mailOutbox).values(
    markers(55).map((i) => ({
      companyId,
      toAddress: `pagerow${i}@demowireless.example`,
      subject: marker(i),
      textBody: "A message to page past.",
      template: "pagerow",
      createdAt: hoursAfterStart(i),
    })),
  );
  await db.insert(customers).values(
    markers(30).map((i) => ({
      companyId,
      name: marker(i),
      companyName: "Pagerow Co",
      createdAt: hoursAfterStart(i),
    })),
  );
  await db.insert(quotes).values(
    markers(30).map((i) => ({
      companyId,
      agentId: adminId,
      companyName: marker(i),
      contactName: "Pat Pagerow",
      contactEmail: "pat@pagerow.example",
      description: "Ten lines.",
      createdAt: hoursAfterStart(i),
    })),
  );
  await db.insert(billAnalyses).values(
    markers(25).map((i) => ({
      companyId,
      uploadedBy: adminId,
      fileName: `${marker(i)}.pdf`,
      mimeType: "application/pdf",
      sizeBytes: 1000,
      status: "failed" as const,
      error: "Not a bill.",
      createdAt: hoursAfterStart(i),
    })),
  );
  admin = await signInCookie(server.url, "admin", "carrierline-admin");
});

/** The page's text as read: React's separators between text pieces dropped. */
async function pageText(path: string, cookie: string): Promise<string> {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
}

/** The marked rows a page shows, in its order. */
const rowsOf = (html: string) => [...new Set(html.match(/Pagerow \d\d/g) ?? [])];

/**
 * Loads the list's first page for its page count, then its last page, a page past it and a page
 * past the schema's bound: all show the same rows, the oldest marked row among them, and the page
 * control names the last.
 */
async function expectLastPagePast(path: string, cookie: string) {
  const first = await pageText(path, cookie);
  const count = /[Pp]age 1 of ([\d,]+)/.exec(first)?.[1];
  expect(count, `${path} has more than one page`).toBeDefined();
  const last = Number(count?.replaceAll(",", ""));
  expect(last).toBeGreaterThan(1);
  const join = path.includes("?") ? "&" : "?";
  const lastPage = await pageText(`${path}${join}page=${last}`, cookie);
  expect(rowsOf(lastPage)).toContain(marker(0));
  for (const page of [last + 7, 99_999_999]) {
    const past = await pageText(`${path}${join}page=${page}`, cookie);
    expect(rowsOf(past), `page=${page}`).toEqual(rowsOf(lastPage));
    expect(past).toMatch(new RegExp(`[Pp]age ${last} of ${last}`));
  }
}

describe("a page past the last shows the last page", () => {
  it("on the waitlist", async () => {
    await expectLastPagePast("/dashboard/admin/waitlist", admin);
  });

  it("on the outbox", async () => {
    await expectLastPagePast("/dashboard/admin/outbox", admin);
  });

  it("on the users list", async () => {
    // A company of its own with more users than a page, sorted by username: the admin first,
    // then pagerow-01 to pagerow-20, the last alone on page 2.
    await createCompanyWithAgent(rt, {
      company: "Pagerow Wireless",
      username: "pagerow-00-admin",
      password: "pagerow-admin-pass-1",
      role: "admin",
    });
    for (const i of markers(20)) {
      await createCompanyWithAgent(rt, {
        company: "Pagerow Wireless",
        username: `pagerow-${String(i + 1).padStart(2, "0")}`,
        password: "pagerow-agent-pass-1",
      });
    }
    const cookie = await signInCookie(server.url, "pagerow-00-admin", "pagerow-admin-pass-1");
    const path = "/dashboard/admin/users";
    const usersOf = (html: string) => [...new Set(html.match(/pagerow-\d\d(?=@)/g) ?? [])];
    const first = await pageText(path, cookie);
    expect(first).toContain("page 1 of 2");
    expect(usersOf(first)).toHaveLength(19);
    expect(usersOf(first)).not.toContain("pagerow-20");
    const last = await pageText(`${path}?page=2`, cookie);
    expect(usersOf(last)).toEqual(["pagerow-20"]);
    for (const page of [9, 99_999_999]) {
      const past = await pageText(`${path}?page=${page}`, cookie);
      expect(usersOf(past), `page=${page}`).toEqual(usersOf(last));
      expect(past).toContain("page 2 of 2");
    }
  });

  it("on the customers list", async () => {
    await expectLastPagePast("/dashboard/customers", admin);
  });

  it("on the quotes list", async () => {
    await expectLastPagePast("/dashboard/quotes", admin);
  });

  it("on the bill analyzer's past analyses", async () => {
    await expectLastPagePast("/dashboard/bill-analyzer", admin);
  });

  it("and a page that is not a positive integer is the first", async () => {
    const first = rowsOf(await pageText("/dashboard/admin/outbox", admin));
    for (const page of ["0", "-3", "2.5", "two"]) {
      const html = await pageText(`/dashboard/admin/outbox?page=${page}`, admin);
      expect(rowsOf(html), `page=${page}`).toEqual(first);
      expect(html).toContain("Page 1 of 2");
    }
  });
});
