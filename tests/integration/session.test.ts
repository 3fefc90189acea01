import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { action as loginAction, loader as loginLoader } from "#app/routes/auth/login.tsx";
import { signInWithUsername } from "#server/accounts/session.ts";
import { serviceContext, setRuntime } from "#server/runtime.server.ts";
import { portalGuard } from "#server/web/guard.ts";
import { pageSession } from "#server/web/session.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

const world = setUpTestRuntime({ demo: true, processRuntime: true });
let rt: TestRuntime;

beforeAll(() => {
  ({ rt } = world());
});

const page = (path: string, init: RequestInit = {}) =>
  new Request(`${TEST_BASE_URL}${path}`, {
    ...init,
    headers: { origin: TEST_BASE_URL, ...Object.fromEntries(new Headers(init.headers)) },
  });

/** The arguments React Router hands a loader or action; only `request` matters to ours. */
const args = (request: Request) => ({
  request,
  url: new URL(request.url),
  pattern: "",
  params: {},
  context: new RouterContextProvider(),
});

const getSessionUser = async (request: Request) =>
  (await pageSession(rt, request)).session?.user ?? null;

const signIn = (request: Request, credentials: { username: string; password: string }) =>
  signInWithUsername(serviceContext(rt), { headers: request.headers, ...credentials });

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("the session service", () => {
  it("signs the demo agent in and knows them, with their company, from the cookie", async () => {
    const result = await signIn(page("/login"), {
      username: "demo",
      password: "carrierline-demo",
    });
    if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
    const user = await getSessionUser(
      page("/dashboard", { headers: { cookie: cookieOf(result.value.headers) } }),
    );
    expect(user).toMatchObject({
      username: "demo",
      role: "agent",
      company: "Demo Wireless Partners",
    });
    expect(user?.companyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(user ?? {}).sort()).toEqual([
      "company",
      "companyId",
      "email",
      "id",
      "name",
      "platformOperator",
      "role",
      "username",
    ]);
    // The demo agent is no platform operator (decision 0011).
    expect(user?.platformOperator).toBe(false);
  });

  it("looks the session up once per request, however many loaders ask", async () => {
    const result = await signIn(page("/login"), {
      username: "demo",
      password: "carrierline-demo",
    });
    if (!result.ok) throw new Error("sign-in failed");
    const spy = vi.spyOn(rt.auth.api, "getSession");
    try {
      const request = page("/dashboard/devices", {
        headers: { cookie: cookieOf(result.value.headers) },
      });
      const [layout, screen] = await Promise.all([
        getSessionUser(request),
        getSessionUser(request),
      ]);
      expect(screen).toEqual(layout);
      expect(spy).toHaveBeenCalledTimes(1);
      // A later request within the session cache's TTL is answered from memory (decision 0004);
      // session-cache.test.ts proves that sign-out and revocation still lock out at once.
      await getSessionUser(
        page("/dashboard", { headers: { cookie: cookieOf(result.value.headers) } }),
      );
      expect(spy).toHaveBeenCalledTimes(1);
      rt.sessions.invalidateAll();
      await getSessionUser(
        page("/dashboard", { headers: { cookie: cookieOf(result.value.headers) } }),
      );
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it("treats a forged or missing cookie as signed out", async () => {
    expect(await getSessionUser(page("/dashboard"))).toBeNull();
    expect(
      await getSessionUser(
        page("/dashboard", { headers: { cookie: "better-auth.session_token=forged.value" } }),
      ),
    ).toBeNull();
  });

  it("treats an account that belongs to no company as signed out", async () => {
    const ctx = await rt.auth.$context;
    const user = await ctx.internalAdapter.createUser(
      { name: "Stray", email: "stray@example.com", username: "stray", emailVerified: true },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash("stray-password-1"),
    });
    const result = await signIn(page("/login"), {
      username: "stray",
      password: "stray-password-1",
    });
    if (!result.ok) throw new Error("sign-in failed");
    expect(
      await getSessionUser(
        page("/dashboard", { headers: { cookie: cookieOf(result.value.headers) } }),
      ),
    ).toBeNull();
  });

  it("sends a visitor to /login with the way back", async () => {
    try {
      await portalGuard(args(page("/dashboard/deals?status=lead")), async () => new Response());
      expect.unreachable();
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown instanceof Response ? thrown : new Response();
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(
        "/login?redirectTo=%2Fdashboard%2Fdeals%3Fstatus%3Dlead",
      );
    }
  });
});

describe("the login route on the server", () => {
  const post = (fields: Record<string, string>) =>
    page("/login", { method: "POST", body: new URLSearchParams(fields) });

  it("prints the demo credentials only in demo mode", async () => {
    setRuntime({ ...rt, config: { ...rt.config, demoMode: true } });
    expect(await loginLoader(args(page("/login")))).toEqual({
      demo: { username: "demo", password: "carrierline-demo" },
    });
    setRuntime(rt);
    expect(await loginLoader(args(page("/login")))).toEqual({ demo: null });
  });

  it("answers wrong credentials with 'Invalid credentials' and HTTP 400", async () => {
    const result = await loginAction(args(post({ username: "demo", password: "nope-nope" })));
    expect(result).toMatchObject({
      init: { status: 400 },
      data: { formError: "Invalid credentials" },
    });
  });

  it("refuses empty fields before asking the auth service", async () => {
    const result = await loginAction(args(post({ username: " ", password: "" })));
    expect(result).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { username: "Username is required", password: "Password is required" } },
    });
  });

  it("redirects a good sign-in to a same-site path only, setting the session cookie", async () => {
    for (const [redirectTo, expected] of [
      ["/dashboard/deals", "/dashboard/deals"],
      ["https://evil.example/", "/dashboard"],
      ["//evil.example", "/dashboard"],
    ]) {
      try {
        await loginAction(
          args(
            post({ username: "demo", password: "carrierline-demo", redirectTo: redirectTo ?? "" }),
          ),
        );
        expect.unreachable();
      } catch (thrown) {
        const response = thrown instanceof Response ? thrown : new Response();
        expect(response.headers.get("location")).toBe(expected);
        expect(response.headers.getSetCookie().join()).toMatch(/session_token=.+HttpOnly/i);
      }
    }
  });
});
