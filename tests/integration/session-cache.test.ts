import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as logoutAction } from "#app/routes/auth/logout.tsx";
import { auth_sessions } from "#server/db/schema/index.ts";
import { SESSION_CACHE_TTL_MS } from "#server/runtime.server.ts";
import { pageSession } from "#server/web/session.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The session cache (docs/decisions/0004) must never outlive a sign-out or revocation made in
// this process, and never answer one agent's cookies with another's session.

const world = setUpTestRuntime({ demo: true, processRuntime: true, api: true });
let rt: TestRuntime;
let server: TestServer;

beforeAll(() => {
  ({ rt, api: server } = world());
});

afterEach(() => {
  vi.useRealTimers();
});

const page = (cookie: string, init: RequestInit = {}) =>
  new Request(`${TEST_BASE_URL}/dashboard/devices`, {
    ...init,
    headers: { origin: TEST_BASE_URL, cookie },
  });
/** Each call is a new request, so only the process-wide cache can remember anything. */
const whoIs = async (cookie: string) => (await pageSession(rt, page(cookie))).session?.user ?? null;
const apiStatus = async (cookie: string) =>
  (await fetch(`${server.url}/api/notifications`, { headers: { cookie } })).status;

async function signedIn(username = "demo", password = "carrierline-demo") {
  const cookie = await signInCookie(server.url, username, password);
  // Warm the cache, twice, so the assertions below are about a cached session.
  expect((await whoIs(cookie))?.username).toBe(username);
  expect((await whoIs(cookie))?.username).toBe(username);
  expect(await apiStatus(cookie)).toBe(200);
  return cookie;
}

describe("the session cache", () => {
  it("answers repeat requests from memory, one Better Auth lookup per session", async () => {
    const cookie = await signInCookie(server.url, "demo", "carrierline-demo");
    const spy = vi.spyOn(rt.auth.api, "getSession");
    try {
      await whoIs(cookie);
      await whoIs(cookie);
      await apiStatus(cookie);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("locks a session out at once after the portal's sign-out", async () => {
    const cookie = await signedIn();
    const request = new Request(`${TEST_BASE_URL}/logout`, {
      method: "POST",
      headers: { origin: TEST_BASE_URL, cookie },
    });
    await expect(
      logoutAction({
        request,
        url: new URL(request.url),
        pattern: "",
        params: {},
        context: new RouterContextProvider(),
      }),
    ).rejects.toBeInstanceOf(Response);
    expect(await whoIs(cookie)).toBeNull();
    expect(await apiStatus(cookie)).toBe(401);
  });

  it("locks a session out at once after Better Auth's own sign-out endpoint", async () => {
    const cookie = await signedIn();
    const out = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: TEST_BASE_URL, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect(await apiStatus(cookie)).toBe(401);
    expect(await whoIs(cookie)).toBeNull();
  });

  it("locks every session of an agent out at once when an admin bans them", async () => {
    const { userId } = await createCompanyWithAgent(rt, {
      company: "Banned Mobile",
      username: "toban",
      password: "to-ban-password",
    });
    const cookie = await signedIn("toban", "to-ban-password");
    const admin = await signInCookie(server.url, "admin", "carrierline-admin");
    await rt.auth.api.banUser({ body: { userId }, headers: new Headers({ cookie: admin }) });
    expect(await whoIs(cookie)).toBeNull();
    expect(await apiStatus(cookie)).toBe(401);
  });

  it("locks a session out at once when it is revoked in this process", async () => {
    const { userId } = await createCompanyWithAgent(rt, {
      company: "Revoked Wireless",
      username: "revoked",
      password: "revoked-password",
    });
    const cookie = await signedIn("revoked", "revoked-password");
    const ctx = await rt.auth.$context;
    await ctx.internalAdapter.deleteUserSessions(userId);
    expect(await whoIs(cookie)).toBeNull();
  });

  it("sees a role change at once", async () => {
    const { userId } = await createCompanyWithAgent(rt, {
      company: "Promoted Cellular",
      username: "promoted",
      password: "promoted-password",
    });
    const cookie = await signedIn("promoted", "promoted-password");
    expect((await whoIs(cookie))?.role).toBe("agent");
    const admin = await signInCookie(server.url, "admin", "carrierline-admin");
    await rt.auth.api.setRole({
      body: { userId, role: "admin" },
      headers: new Headers({ cookie: admin }),
    });
    expect((await whoIs(cookie))?.role).toBe("admin");
  });

  it("keeps each company's agent on their own session, however warm the cache", async () => {
    await createCompanyWithAgent(rt, {
      company: "Other Reseller",
      username: "otheragent",
      password: "other-agent-password",
    });
    const ours = await signedIn();
    const theirs = await signedIn("otheragent", "other-agent-password");
    for (let i = 0; i < 3; i++) {
      expect(await whoIs(ours)).toMatchObject({
        username: "demo",
        company: "Demo Wireless Partners",
      });
      expect(await whoIs(theirs)).toMatchObject({
        username: "otheragent",
        company: "Other Reseller",
      });
    }
    // One character off is another credential, verified (and refused) by Better Auth.
    expect(await whoIs(`${ours.slice(0, -1)}x`)).toBeNull();
  });

  it("sees a session deleted behind Better Auth's back within the TTL", async () => {
    const cookie = await signedIn();
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    // As another instance or an operator would: no hook in this process hears of it.
    await rt.database.db.delete(auth_sessions).where(eq(auth_sessions.token, token));
    expect((await whoIs(cookie))?.username).toBe("demo");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + SESSION_CACHE_TTL_MS });
    expect(await whoIs(cookie)).toBeNull();
  });
});
