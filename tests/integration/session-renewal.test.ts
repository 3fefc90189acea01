import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auth_sessions } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The database session slides with use; a portal page must hand the browser the renewed cookie,
// or the browser would drop the session at the cookie's first Max-Age while the agent works on.

const world = setUpTestRuntime({ pages: true });
let rt: TestRuntime;
let server: PageServer;

beforeAll(async () => {
  ({ rt, pages: server } = world());
  await createCompanyWithAgent(rt, {
    company: "Renewal Co",
    username: "renewal",
    password: "tundra-pillow-cobalt-8",
  });
});

const sessionCookies = (res: Response) =>
  res.headers.getSetCookie().filter((c) => c.includes("session_token="));

describe("portal pages and the session cookie", () => {
  it("pass on the renewed cookie when the page's lookup slides the session", async () => {
    const cookie = await signInCookie(server.url, "renewal", "tundra-pillow-cobalt-8");
    const token = decodeURIComponent(cookie.split("session_token=")[1] ?? "").split(".")[0] ?? "";
    const { idleSeconds, refreshSeconds } = rt.config.session;

    // Just used: nothing to renew.
    rt.sessions.invalidateAll();
    const fresh = await fetch(`${server.url}/dashboard`, { headers: { cookie } });
    expect(fresh.status).toBe(200);
    expect(sessionCookies(fresh)).toEqual([]);

    // Last extended longer ago than the refresh interval: the page slides it and renews the cookie.
    const due = new Date(Date.now() + (idleSeconds - refreshSeconds - 60) * 1000);
    await rt.database.db
      .update(auth_sessions)
      .set({ expiresAt: due })
      .where(eq(auth_sessions.token, token));
    rt.sessions.invalidateAll();
    const page = await fetch(`${server.url}/dashboard`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const renewed = sessionCookies(page);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatch(/Max-Age=\d+/);
    expect(renewed[0]).toContain("HttpOnly");
    const [row] = await rt.database.db
      .select({ expiresAt: auth_sessions.expiresAt })
      .from(auth_sessions)
      .where(eq(auth_sessions.token, token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(due.getTime());
  });
});
