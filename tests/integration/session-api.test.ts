import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionAnswerSchema } from "#app/lib/schemas/session.ts";
import { action as logoutAction } from "#app/routes/auth/logout.tsx";
import { auth_sessions } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

const world = setUpTestRuntime({ processRuntime: true, api: true });
let rt: TestRuntime;
let server: TestServer;

const PASSWORD = "Orchid-mirror-88";
let companyCount = 0;

/** A fresh agent of its own, so each test counts exactly its own sessions. */
async function newAgent(username: string) {
  companyCount += 1;
  const { userId } = await createCompanyWithAgent(rt, {
    company: `Scopes Co ${companyCount}`,
    username,
    password: PASSWORD,
  });
  return { userId, signIn: () => signInCookie(server.url, username, PASSWORD) };
}

function call(path: string, cookie: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  if (!headers.has("origin")) headers.set("origin", TEST_BASE_URL);
  if (init.body) headers.set("content-type", "application/json");
  return fetch(`${server.url}/api/session${path}`, { ...init, headers });
}

const read = (cookie: string | null) => call("", cookie);
const refresh = (cookie: string | null, origin?: string) =>
  call("/refresh", cookie, { method: "POST", headers: origin ? { origin } : {} });
const signOut = (cookie: string | null, scope: string, origin?: string) =>
  call("/sign-out", cookie, {
    method: "POST",
    body: JSON.stringify({ scope }),
    headers: origin ? { origin } : {},
  });

/** The session token inside the cookie (value before the signature), to prove it never leaks. */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0];

const rowsOf = (userId: string) =>
  rt.database.db.select().from(auth_sessions).where(eq(auth_sessions.userId, userId));

beforeAll(() => {
  ({ rt, api: server } = world());
});

describe("GET /api/session", () => {
  it("answers the live session's agent, expiry and server time, uncached and without a token", async () => {
    const agent = await newAgent("reader");
    const cookie = await agent.signIn();
    const res = await read(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    const body = sessionAnswerSchema.parse(JSON.parse(text));
    expect(Object.keys(body.user).sort()).toEqual([
      "company",
      "email",
      "id",
      "name",
      "role",
      "username",
    ]);
    expect(body.user).toMatchObject({ id: agent.userId, username: "reader", role: "agent" });
    const expiresIn = Date.parse(body.expiresAt) - Date.parse(body.serverTime);
    expect(expiresIn).toBeGreaterThan(rt.config.session.idleSeconds * 1000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(rt.config.session.idleSeconds * 1000);
    expect(text).not.toContain(tokenOf(cookie));
    expect(text.toLowerCase()).not.toContain("token");
    expect(text.toLowerCase()).not.toContain("password");
  });

  it("refuses a signed-out visitor with 401 on every route", async () => {
    const res = await read(null);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "You must be signed in." });
    expect((await refresh(null)).status).toBe(401);
    expect((await signOut(null, "local")).status).toBe(401);
    expect((await read("better-auth.session_token=forged.value")).status).toBe(401);
  });
});

describe("POST /api/session/refresh", () => {
  it("extends a session near its end to the full idle limit and renews the cookie", async () => {
    const agent = await newAgent("refresher");
    const cookie = await agent.signIn();
    await rt.database.db
      .update(auth_sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(auth_sessions.userId, agent.userId));
    const res = await refresh(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).not.toContain(tokenOf(cookie));
    const body = sessionAnswerSchema.parse(JSON.parse(text));
    const idleMs = rt.config.session.idleSeconds * 1000;
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + idleMs - 60_000);
    const renewed = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(renewed).toMatch(new RegExp(`Max-Age=${rt.config.session.idleSeconds}`));
    expect(renewed).toMatch(/HttpOnly/i);
    const [row] = await rowsOf(agent.userId);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + idleMs - 60_000);
  });

  it("never answers an expiry past the absolute cap, and ends a session past it", async () => {
    const agent = await newAgent("capped");
    const cookie = await agent.signIn();
    const maxAgeMs = rt.config.session.maxAgeSeconds * 1000;
    // Created so long ago that the cap falls 100 s from now, well before a full idle period.
    const createdAt = new Date(Date.now() - maxAgeMs + 100_000);
    await rt.database.db
      .update(auth_sessions)
      .set({ createdAt, expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(auth_sessions.userId, agent.userId));
    const res = await refresh(cookie);
    expect(res.status).toBe(200);
    const body = sessionAnswerSchema.parse(await res.json());
    expect(Date.parse(body.expiresAt)).toBe(createdAt.getTime() + maxAgeMs);

    await rt.database.db
      .update(auth_sessions)
      .set({ createdAt: new Date(Date.now() - maxAgeMs - 1000) })
      .where(eq(auth_sessions.userId, agent.userId));
    expect((await refresh(cookie)).status).toBe(401);
    expect(await rowsOf(agent.userId)).toEqual([]);
  });

  it("refuses a refresh from another site", async () => {
    const agent = await newAgent("crossrefresh");
    const cookie = await agent.signIn();
    const res = await refresh(cookie, "https://evil.example");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Requests from other sites are not allowed." });
  });
});

describe("POST /api/session/sign-out", () => {
  it("others ends every other session of the agent and keeps this one", async () => {
    const agent = await newAgent("others");
    const bystander = await newAgent("bystander1");
    const [here, phone, laptop] = [
      await agent.signIn(),
      await agent.signIn(),
      await agent.signIn(),
    ];
    const unrelated = await bystander.signIn();
    const res = await signOut(here, "others");
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token=;"))).toBe(false);
    expect((await read(here)).status).toBe(200);
    expect((await read(phone)).status).toBe(401);
    expect((await read(laptop)).status).toBe(401);
    expect((await read(unrelated)).status).toBe(200);
    expect(await rowsOf(agent.userId)).toHaveLength(1);
  });

  it("global ends every session of the agent, this one too, and clears the cookie", async () => {
    const agent = await newAgent("everywhere");
    const bystander = await newAgent("bystander2");
    const [here, phone] = [await agent.signIn(), await agent.signIn()];
    const unrelated = await bystander.signIn();
    const res = await signOut(here, "global");
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/i.test(c))).toBe(
      true,
    );
    expect((await read(here)).status).toBe(401);
    expect((await read(phone)).status).toBe(401);
    expect((await read(unrelated)).status).toBe(200);
    expect(await rowsOf(agent.userId)).toEqual([]);
    // Signing out again finds no session: 401, which the browser treats as signed out.
    expect((await signOut(here, "global")).status).toBe(401);
  });

  it("local ends only this session and clears the cookie", async () => {
    const agent = await newAgent("localonly");
    const [here, phone] = [await agent.signIn(), await agent.signIn()];
    const res = await signOut(here, "local");
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/i.test(c))).toBe(
      true,
    );
    expect((await read(here)).status).toBe(401);
    expect((await read(phone)).status).toBe(200);
    expect(await rowsOf(agent.userId)).toHaveLength(1);
  });

  it("refuses an unknown scope and a sign-out from another site", async () => {
    const agent = await newAgent("crosssignout");
    const cookie = await agent.signIn();
    expect((await signOut(cookie, "everyone")).status).toBe(400);
    const res = await signOut(cookie, "global", "https://evil.example");
    expect(res.status).toBe(403);
    expect((await read(cookie)).status).toBe(200);
  });
});

describe("the /logout form (no script)", () => {
  const post = (cookie: string, fields: Record<string, string>, referer?: string) => {
    const request = new Request(`${TEST_BASE_URL}/logout`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie, origin: TEST_BASE_URL, ...(referer ? { referer } : {}) },
    });
    return logoutAction({
      request,
      url: new URL(request.url),
      pattern: "",
      params: {},
      context: new RouterContextProvider(),
    }).then(
      () => {
        throw new Error("the action should redirect");
      },
      (thrown: unknown) => {
        if (!(thrown instanceof Response)) throw thrown;
        return thrown;
      },
    );
  };

  it("signs out this device by default and goes to /login", async () => {
    const agent = await newAgent("formlocal");
    const [here, phone] = [await agent.signIn(), await agent.signIn()];
    const res = await post(here, {});
    expect(res.headers.get("location")).toBe("/login");
    expect((await read(here)).status).toBe(401);
    expect((await read(phone)).status).toBe(200);
  });

  it("with scope others goes back where it came from, signed in", async () => {
    const agent = await newAgent("formothers");
    const [here, phone] = [await agent.signIn(), await agent.signIn()];
    const res = await post(here, { scope: "others" }, `${TEST_BASE_URL}/dashboard/account`);
    expect(res.headers.get("location")).toBe("/dashboard/account");
    expect((await read(here)).status).toBe(200);
    expect((await read(phone)).status).toBe(401);
  });

  it("with scope global ends every session and goes to /login", async () => {
    const agent = await newAgent("formglobal");
    const [here, phone] = [await agent.signIn(), await agent.signIn()];
    const res = await post(here, { scope: "global", redirectTo: "//evil.example" });
    expect(res.headers.get("location")).toBe("/login");
    expect((await read(here)).status).toBe(401);
    expect((await read(phone)).status).toBe(401);
  });
});
