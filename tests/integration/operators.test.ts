import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  grantPlatformOperator,
  listPlatformOperators,
  revokePlatformOperator,
} from "#server/accounts/index.ts";
import { agent_users, ratePlans } from "#server/db/schema/index.ts";
import { serviceContext } from "#server/runtime.server.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// Platform operators (decision 0011): granted from the command line's service functions or by
// configuration, never through the auth API; they alone change the shared catalog and see the
// waitlist, on the server and in the portal's navigation and screens.

const PASSWORD = "operator-sturdy-pass-9";
const world = setUpTestRuntime({
  demo: true,
  pages: true,
  env: { PLATFORM_OPERATORS: "configured@ops-co.example" },
});
let rt: TestRuntime;
let server: PageServer;

beforeAll(async () => {
  ({ rt, pages: server } = world());
  for (const username of ["granted", "configured"]) {
    await createCompanyWithAgent(rt, { company: "Ops Co", username, password: PASSWORD });
  }
  await createCompanyWithAgent(rt, {
    company: "Self Made",
    username: "selfmade",
    password: PASSWORD,
    role: "admin",
  });
});

const get = (path: string, cookie: string) =>
  fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });

/** Whether the portal, as this cookie's person sees it, offers the waitlist and the imports. */
async function offered(cookie: string) {
  const dashboard = await (await get("/dashboard", cookie)).text();
  const plans = await (await get("/dashboard/plans", cookie)).text();
  const devices = await (await get("/dashboard/devices", cookie)).text();
  return {
    waitlistLink: dashboard.includes('href="/dashboard/admin/waitlist"'),
    usersLink: dashboard.includes('href="/dashboard/admin/users"'),
    planImport: plans.includes("Import CSV"),
    planExport: plans.includes('href="/api/rate-plans.csv"'),
    deviceImport: devices.includes("Import CSV"),
  };
}

describe("granting and revoking", () => {
  it("makes an account an operator at once, in this process, and takes it back", async () => {
    const ctx = serviceContext(rt);
    const cookie = await signInCookie(server.url, "granted", PASSWORD);
    expect((await get("/dashboard/admin/waitlist", cookie)).status).toBe(403);

    const granted = await grantPlatformOperator(ctx, { email: "GRANTED@ops-co.example" });
    expect(granted).toMatchObject({ ok: true, value: { email: "granted@ops-co.example" } });
    expect((await get("/dashboard/admin/waitlist", cookie)).status).toBe(200);
    expect((await listPlatformOperators(ctx)).map((o) => [o.email, o.granted, o.byConfig])).toEqual(
      [
        ["configured@ops-co.example", false, true],
        ["granted@ops-co.example", true, false],
      ],
    );

    expect(await revokePlatformOperator(ctx, { email: "granted@ops-co.example" })).toMatchObject({
      ok: true,
      value: { granted: false, byConfig: false },
    });
    expect((await get("/dashboard/admin/waitlist", cookie)).status).toBe(403);
    // An address the configuration names stays an operator, whatever the grant says.
    expect(await revokePlatformOperator(ctx, { email: "configured@ops-co.example" })).toMatchObject(
      { ok: true, value: { granted: false, byConfig: true } },
    );
    expect(await grantPlatformOperator(ctx, { email: "nobody@ops-co.example" })).toEqual({
      ok: false,
      kind: "not_found",
      message: "No account has the email nobody@ops-co.example.",
    });
  });

  it("cannot be set through the auth API, by the person or anyone", async () => {
    const cookie = await signInCookie(server.url, "selfmade", PASSWORD);
    const res = await fetch(`${server.url}/api/auth/update-user`, {
      method: "POST",
      headers: { cookie, origin: TEST_BASE_URL, "content-type": "application/json" },
      body: JSON.stringify({ name: "Still Me", platformOperator: true }),
    });
    expect(res.status).toBe(403);
    const [row] = await rt.database.db
      .select({ platformOperator: agent_users.platformOperator, name: agent_users.name })
      .from(agent_users)
      .where(eq(agent_users.username, "selfmade"));
    expect(row).toEqual({ platformOperator: false, name: "selfmade" });
    expect((await get("/dashboard/admin/waitlist", cookie)).status).toBe(403);
  });
});

describe("what the portal offers", () => {
  it("shows a company's admin the users and the plan export, never the waitlist or an import", async () => {
    const cookie = await signInCookie(server.url, "selfmade", PASSWORD);
    expect(await offered(cookie)).toEqual({
      waitlistLink: false,
      usersLink: true,
      planImport: false,
      planExport: true,
      deviceImport: false,
    });
  });

  it("shows an operator the waitlist and the imports, and no company's users", async () => {
    const cookie = await signInCookie(server.url, "configured", PASSWORD);
    expect(await offered(cookie)).toEqual({
      waitlistLink: true,
      usersLink: false,
      planImport: true,
      planExport: true,
      deviceImport: true,
    });
    const waitlist = await get("/dashboard/admin/waitlist", cookie);
    expect(waitlist.status).toBe(200);
  });

  it("tells anyone else the waitlist is the operators'", async () => {
    const cookie = await signInCookie(server.url, "selfmade", PASSWORD);
    const page = await get("/dashboard/admin/waitlist", cookie);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Only platform operators can see this page.");
  });
});

describe("an import by anyone but an operator", () => {
  it("is refused before the upload is read, however large it is", async () => {
    const cookie = await signInCookie(server.url, "selfmade", PASSWORD);
    const before = await rt.database.db.select().from(ratePlans);
    // Over the devices import's 10 MB: read, it would be refused as too large (400) instead. Under
    // the request edge's 11 MB for the import screens, which would answer 413 before any of this.
    const huge = new FormData();
    const size = Math.round(10.5 * 1024 * 1024);
    huge.set("file", new File(["x".repeat(size)], "huge.csv", { type: "text/csv" }));
    const devices = await fetch(`${server.url}/dashboard/devices.data`, {
      method: "POST",
      headers: { cookie },
      body: huge,
    });
    expect(devices.status).toBe(403);
    expect(await devices.text()).toContain("Only platform operators can change the catalog");

    const cheap = new FormData();
    const header = "Carrier,Plan,Plan Type,Price Per Line,Premium Data,Hotspot,Video Streaming";
    const [plan] = before;
    cheap.set(
      "file",
      new File([`${header}\natt,"${plan?.plan}",${plan?.planType},0.01,,,\n`], "cheap.csv"),
    );
    const plans = await fetch(`${server.url}/dashboard/plans.data`, {
      method: "POST",
      headers: { cookie },
      body: cheap,
    });
    expect(plans.status).toBe(403);
    expect(await rt.database.db.select().from(ratePlans)).toEqual(before);
  });
});
