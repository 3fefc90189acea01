import { beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// What the auth API and the sign-in pages answer a browser: no session token in any answer,
// a password change that always ends the other sessions, a sign-out no other site can trigger,
// and a way back after sign-in that never leaves this origin.

const world = setUpTestRuntime({ api: true, pages: true });
let rt: TestRuntime;
let api: TestServer;
let pages: PageServer;

beforeAll(() => {
  ({ rt, api, pages } = world());
});

async function agent(username: string) {
  const password = `${username}-Quartz-41`;
  await createCompanyWithAgent(rt, { company: `${username} Co`, username, password });
  return { username, password };
}

const authGet = (path: string, cookie: string) =>
  fetch(`${api.url}/api/auth${path}`, { headers: { cookie, origin: TEST_BASE_URL } });

const authPost = (path: string, cookie: string, body: unknown) =>
  fetch(`${api.url}/api/auth${path}`, {
    method: "POST",
    headers: { cookie, origin: TEST_BASE_URL, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

const tokenKeys = (value: unknown) => keysOf(value).filter((key) => /token$/i.test(key));

/** Whether this cookie still opens a live session. */
async function live(cookie: string): Promise<boolean> {
  const res = await authGet("/get-session", cookie);
  return (await res.json()) !== null;
}

describe("session tokens stay out of every answer", () => {
  it("get-session and list-sessions show no token; a session is revoked by its id", async () => {
    const a = await agent("tokenless");
    const here = await signInCookie(api.url, a.username, a.password);
    const there = await signInCookie(api.url, a.username, a.password);

    const session = await (await authGet("/get-session", here)).json();
    expect(session).toMatchObject({ user: { username: "tokenless" } });
    expect(tokenKeys(session)).toEqual([]);

    const listed: unknown = await (await authGet("/list-sessions", here)).json();
    expect(Array.isArray(listed) && listed.length).toBe(2);
    expect(tokenKeys(listed)).toEqual([]);
    const ids = Array.isArray(listed) ? listed.map((s) => Reflect.get(s, "id")) : [];
    const current = Reflect.get(Reflect.get(session, "session"), "id");
    const other = ids.find((id) => id !== current);
    expect(typeof other).toBe("string");

    // Someone else's session cannot be named.
    const stranger = await agent("stranger");
    const strangerCookie = await signInCookie(api.url, stranger.username, stranger.password);
    const refused = await authPost("/revoke-session", strangerCookie, { id: other });
    expect(refused.status).toBe(404);
    expect(await live(there)).toBe(true);

    const revoked = await authPost("/revoke-session", here, { id: other });
    expect(revoked.status).toBe(200);
    expect(await live(there)).toBe(false);
    expect(await live(here)).toBe(true);
  });
});

describe("changing the password through the API", () => {
  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    authPost("/change-password", cookie, {
      currentPassword,
      newPassword,
      revokeOtherSessions: false,
    });

  it("always ends the other sessions, whatever the call asks", async () => {
    const a = await agent("changer");
    const here = await signInCookie(api.url, a.username, a.password);
    const there = await signInCookie(api.url, a.username, a.password);
    expect((await change(here, a.password, "Lantern-Basalt-58")).status).toBe(200);
    expect(await live(there)).toBe(false);
  });

  it("answers no token", async () => {
    const a = await agent("quiet_changer");
    const here = await signInCookie(api.url, a.username, a.password);
    const res = await change(here, a.password, "Lantern-Basalt-58");
    expect(res.status).toBe(200);
    expect(tokenKeys(await res.json())).toEqual([]);
  });
});

describe("/logout from another site", () => {
  const logout = (cookie: string, origin: string, scope: string) =>
    fetch(`${pages.url}/logout`, {
      method: "POST",
      headers: { cookie, origin },
      body: new URLSearchParams({ scope }),
      redirect: "manual",
    });

  it("is refused before anything ends, and clears no cookie", async () => {
    const a = await agent("stayer");
    const here = await signInCookie(api.url, a.username, a.password);
    const there = await signInCookie(api.url, a.username, a.password);
    for (const origin of [
      "https://evil.example",
      "null",
      pages.url.replace("127.0.0.1", "localhost"),
    ]) {
      const res = await logout(here, origin, "global");
      expect(res.status, origin).toBe(403);
      expect(await res.text(), origin).toBe("Requests from other sites are not allowed.");
      expect(res.headers.getSetCookie(), origin).toEqual([]);
    }
    expect(await live(here)).toBe(true);
    expect(await live(there)).toBe(true);

    // From our own pages it signs out as before.
    const own = await logout(here, pages.url, "global");
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/login");
    expect(await live(here)).toBe(false);
    expect(await live(there)).toBe(false);
  });
});

describe("the way back after sign-in", () => {
  const signIn = async (redirectTo: string) => {
    const a = await agent(`back_${Math.random().toString(36).slice(2, 8)}`);
    return fetch(`${pages.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ username: a.username, password: a.password, redirectTo }),
      redirect: "manual",
    });
  };

  it("follows a clean path of this site", async () => {
    const res = await signIn("/dashboard/devices?q=a%2Fb");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/devices?q=a%2Fb");
  });

  it("goes to the dashboard for anything a browser could bend towards another site", async () => {
    for (const redirectTo of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\\evil.example",
      "//evil.example",
      "https://evil.example/",
      "/dashboard.data",
    ]) {
      const res = await signIn(redirectTo);
      expect(res.status, JSON.stringify(redirectTo)).toBe(302);
      expect(res.headers.get("location"), JSON.stringify(redirectTo)).toBe("/dashboard");
    }
  });
});
