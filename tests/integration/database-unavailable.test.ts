import { beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGE } from "#server/db/unavailable.ts";
import { signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// Issue 12, item 2: while the database is away every answer that needs it is a 503 with
// Retry-After, on the JSON API and on pages alike, never a 500. Here the runtime's database is
// closed under a running server (PGlite or PostgreSQL): every query fails as it would with the
// server gone. A real outage (a stopped and a frozen PostgreSQL, and the recovery) is in
// chaos-database.test.ts.

const world = setUpTestRuntime({ demo: true, pages: true });
let rt: TestRuntime;
let pages: PageServer;
let agent: string;
/** A session no request has looked up yet: no process cache can answer for it. */
let unseen: string;

const waitlistBody = JSON.stringify({
  name: "Ada Outage",
  email: "ada.outage@example.com",
  company: "Outage Wireless",
});

beforeAll(async () => {
  ({ rt, pages } = world());
  agent = await signInCookie(pages.url, "demo", "carrierline-demo");
  unseen = await signInCookie(pages.url, "admin", "carrierline-admin");
  expect((await fetch(`${pages.url}/dashboard`, { headers: { cookie: agent } })).status).toBe(200);
  await rt.database.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${pages.url}${path}`, { headers, redirect: "manual" });

function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("5");
}

describe("with the database gone", () => {
  it("answers /readyz 503 at once, and /healthz 200", async () => {
    const started = performance.now();
    const ready = await get("/readyz");
    expect(performance.now() - started).toBeLessThan(1_000);
    expectUnavailable(ready);
    expect(await ready.json()).toMatchObject({ status: "unavailable" });
    expect((await get("/healthz")).status).toBe(200);
  });

  it("answers the JSON API 503 with Retry-After and words for a person", async () => {
    for (const path of ["/api/waitlist", "/.netlify/functions/waitlist"]) {
      const res = await fetch(`${pages.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: waitlistBody,
      });
      expectUnavailable(res);
      expect(await res.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    }
    const notifications = await get("/api/notifications", { cookie: agent });
    expectUnavailable(notifications);
  });

  it("answers a portal page 503 with the briefly-unavailable page", async () => {
    const res = await get("/dashboard/devices", { cookie: agent });
    expectUnavailable(res);
    const html = await res.text();
    expect(html).toContain("Briefly unavailable");
    expect(html).toContain(UNAVAILABLE_MESSAGE);
    expect(html).not.toContain("Something went wrong");
  });

  it("answers 503 when the session itself cannot be looked up", async () => {
    const page = await get("/dashboard", { cookie: unseen });
    expectUnavailable(page);
    expect(await page.text()).toContain(UNAVAILABLE_MESSAGE);
    expectUnavailable(await get("/api/notifications", { cookie: unseen }));
  });

  it("answers the sign-in API 503, not Better Auth's 500", async () => {
    const res = await fetch(`${pages.url}/api/auth/sign-in/username`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL },
      body: JSON.stringify({ username: "demo", password: "carrierline-demo" }),
    });
    expectUnavailable(res);
    expect(await res.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
  });

  it("answers a page's data request (a client navigation) 503", async () => {
    const res = await get("/dashboard/devices.data", { cookie: agent });
    expectUnavailable(res);
  });

  it("answers the script-free waitlist form 503 with the same words", async () => {
    const res = await fetch(`${pages.url}/join`, {
      method: "POST",
      body: new URLSearchParams({
        name: "Ada Outage",
        email: "ada.outage@example.com",
        company: "Outage Wireless",
      }),
      redirect: "manual",
    });
    expectUnavailable(res);
    expect(await res.text()).toContain(UNAVAILABLE_MESSAGE);
  });

  it("still serves the pages that need no database", async () => {
    expect((await get("/")).status).toBe(200);
    expect((await get("/features")).status).toBe(200);
  });
});
