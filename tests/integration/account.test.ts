import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PHONE_INVALID_MESSAGE } from "#app/lib/phone.ts";
import { agent_users } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// My Account over HTTP: the real server renders the page and runs its action on a real database.

const world = setUpTestRuntime({ pages: true });
let rt: TestRuntime;
let server: PageServer;
let neighbourId: string;

beforeAll(async () => {
  ({ rt, pages: server } = world());
  await createCompanyWithAgent(rt, {
    company: "Account Co",
    username: "acct",
    password: "acct-password-1",
  });
  ({ userId: neighbourId } = await createCompanyWithAgent(rt, {
    company: "Neighbour Co",
    username: "neighbour",
    password: "neighbour-password-1",
  }));
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

const post = (fields: Record<string, string>, cookie?: string) =>
  fetch(`${server.url}/dashboard/account`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** The Cookie header after an answer that may renew the session cookie. */
function renewed(cookie: string, response: Response): string {
  const fresh = response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  if (fresh.length === 0) return cookie;
  const names = new Set(fresh.map((c) => c.split("=")[0]));
  return [...cookie.split("; ").filter((c) => !names.has(c.split("=")[0])), ...fresh].join("; ");
}

const sessionIds = (html: string) =>
  [...html.matchAll(/name="sessionId" value="([^"]+)"/g)].map((m) => m[1] ?? "");

describe("My Account", () => {
  it("sends a visitor to /login, page and action alike", async () => {
    const page = await get("/dashboard/account");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login/);
    const action = await post({ intent: "profile", company: "X", phone: "" });
    expect(action.status).toBe(302);
    expect(action.headers.get("location")).toMatch(/^\/login/);
  });

  it("shows the agent's own profile, and saves only company, phone and notifications", async () => {
    const cookie = await signInCookie(server.url, "acct", "acct-password-1");
    const html = await (await get("/dashboard/account", cookie)).text();
    expect(html).toContain('value="acct"');
    expect(html).toContain('value="acct@account-co.example"');

    const saved = await post(
      {
        intent: "profile",
        company: "Acct Wireless LLC",
        phone: "(555) 010-2000",
        notificationsEnabled: "false",
        // Read-only fields sent anyway are ignored.
        username: "someone-else",
        email: "evil@example.com",
        role: "admin",
      },
      cookie,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Profile updated successfully");
    const [row] = await rt.database.db
      .select()
      .from(agent_users)
      .where(eq(agent_users.username, "acct"));
    expect(row).toMatchObject({
      company: "Acct Wireless LLC",
      phone: "(555) 010-2000",
      notificationsEnabled: false,
      email: "acct@account-co.example",
      role: "agent",
    });
    const [neighbour] = await rt.database.db
      .select()
      .from(agent_users)
      .where(eq(agent_users.id, neighbourId));
    expect(neighbour?.company).toBe("Neighbour Co");
  });

  it("keeps the profile to My Account's own checks: the auth API's update-user is closed", async () => {
    const cookie = await signInCookie(server.url, "acct", "acct-password-1");
    const [before] = await rt.database.db
      .select()
      .from(agent_users)
      .where(eq(agent_users.username, "acct"));
    for (const body of [
      { name: "<b>x</b>".repeat(2_000) },
      { phone: "not a phone <script>" },
      { image: "javascript:alert(1)" },
      { username: "acct2" },
      { displayUsername: "admin" },
      { company: "Neighbour Co" },
    ]) {
      const res = await fetch(`${server.url}/api/auth/update-user`, {
        method: "POST",
        headers: { cookie, origin: TEST_BASE_URL, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, Object.keys(body).join()).toBe(403);
    }
    const [after] = await rt.database.db
      .select()
      .from(agent_users)
      .where(eq(agent_users.username, "acct"));
    expect(after).toEqual(before);
  });

  it("never tells a visitor whether a username exists", async () => {
    for (const username of ["acct", "nobody-here"]) {
      const res = await fetch(`${server.url}/api/auth/is-username-available`, {
        method: "POST",
        headers: { origin: TEST_BASE_URL, "content-type": "application/json" },
        body: JSON.stringify({ username }),
      });
      expect(res.status, username).toBe(403);
      expect(await res.json()).not.toHaveProperty("available");
    }
  });

  it("refuses a phone that is not a phone number, and keeps the one saved", async () => {
    const cookie = await signInCookie(server.url, "acct", "acct-password-1");
    const save = (phone: string) =>
      post({ intent: "profile", company: "Acct Co", phone, notificationsEnabled: "true" }, cookie);
    expect((await save("(555) 010-2000")).status).toBe(200);
    const refused = await save("not a phone at all!!");
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toContain(PHONE_INVALID_MESSAGE);
    expect(body).not.toContain("Profile updated successfully");
    const [row] = await rt.database.db
      .select()
      .from(agent_users)
      .where(eq(agent_users.username, "acct"));
    expect(row?.phone).toBe("(555) 010-2000");
  });

  it("refuses a bad password change with the spec's messages", async () => {
    const cookie = await signInCookie(server.url, "acct", "acct-password-1");
    const cases: [Record<string, string>, number, string][] = [
      [
        { newPassword: "long-enough-1", confirmPassword: "long-enough-2" },
        400,
        "New passwords do not match",
      ],
      [
        { newPassword: "short", confirmPassword: "short" },
        400,
        "Password must be at least 8 characters long",
      ],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(
        { intent: "password", currentPassword: "acct-password-1", ...fields },
        cookie,
      );
      expect(res.status, message).toBe(status);
      expect(await res.text()).toContain(message);
    }
    const wrong = await post(
      {
        intent: "password",
        currentPassword: "not-it-at-all",
        newPassword: "brand-new-pass-1",
        confirmPassword: "brand-new-pass-1",
      },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is incorrect");
  });

  it("refuses a weak new password and lists why", async () => {
    const cookie = await signInCookie(server.url, "neighbour", "neighbour-password-1");
    const res = await post(
      {
        intent: "password",
        currentPassword: "neighbour-password-1",
        newPassword: "password123",
        confirmPassword: "password123",
      },
      cookie,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(
      "Choose a stronger password: Password is too common; choose one that is not on lists of common passwords.",
    );
    await signInCookie(server.url, "neighbour", "neighbour-password-1");
  });

  it("changes the password, keeps this device signed in and signs out every other", async () => {
    const here = await signInCookie(server.url, "neighbour", "neighbour-password-1");
    const elsewhere = await signInCookie(server.url, "neighbour", "neighbour-password-1");
    const res = await post(
      {
        intent: "password",
        currentPassword: "neighbour-password-1",
        newPassword: "harbor-lantern-violet-2",
        confirmPassword: "harbor-lantern-violet-2",
      },
      here,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/account?password=updated");
    const page = await get("/dashboard/account?password=updated", renewed(here, res));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Password updated successfully");
    expect((await get("/dashboard/account", elsewhere)).status).toBe(302);
    await expect(signInCookie(server.url, "neighbour", "neighbour-password-1")).rejects.toThrow();
    await signInCookie(server.url, "neighbour", "harbor-lantern-violet-2");
  });

  it("lists sessions without tokens and ends one, the others, or all of them", async () => {
    const a = await signInCookie(server.url, "acct", "acct-password-1");
    const b = await signInCookie(server.url, "acct", "acct-password-1");
    const c = await signInCookie(server.url, "acct", "acct-password-1");
    const html = await (await get("/dashboard/account", a)).text();
    expect(html).toContain("This device");
    const token = decodeURIComponent(a.split("=")[1] ?? "").split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    expect(html).not.toContain(token);

    // Another agent cannot end this agent's sessions by id.
    const ids = sessionIds(html);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const stranger = await signInCookie(server.url, "neighbour", "harbor-lantern-violet-2");
    for (const id of ids) {
      const refused = await post({ intent: "revoke-session", sessionId: id }, stranger);
      expect(refused.status).toBe(404);
    }
    expect((await get("/dashboard/account", b)).status).toBe(200);

    // One session by id: find b's id as the one that is not current when b asks.
    const bIds = new Set(sessionIds(await (await get("/dashboard/account", a)).text()));
    const fromB = new Set(sessionIds(await (await get("/dashboard/account", b)).text()));
    const bOwnId = [...bIds].find((id) => !fromB.has(id));
    expect(bOwnId).toBeTruthy();
    const ended = await post({ intent: "revoke-session", sessionId: bOwnId ?? "" }, a);
    expect(ended.status).toBe(200);
    expect((await get("/dashboard/account", b)).status).toBe(302);
    expect((await get("/dashboard/account", c)).status).toBe(200);

    // Every other session.
    const others = await post({ intent: "revoke-others" }, a);
    expect(others.status).toBe(200);
    expect((await get("/dashboard/account", c)).status).toBe(302);
    expect((await get("/dashboard/account", a)).status).toBe(200);

    // Everywhere, this device included.
    const d = await signInCookie(server.url, "acct", "acct-password-1");
    const all = await post({ intent: "revoke-all" }, a);
    expect(all.status).toBe(302);
    expect(all.headers.get("location")).toBe("/login");
    expect((await get("/dashboard/account", a)).status).toBe(302);
    expect((await get("/dashboard/account", d)).status).toBe(302);
  });

  it("sends every one of several sign-outs everywhere sent at once to /login, none to a 500", async () => {
    await createCompanyWithAgent(rt, {
      company: "Race Co",
      username: "racer",
      password: "race-password-1",
    });
    const cookie = await signInCookie(server.url, "racer", "race-password-1");
    // Each passes the portal's check before the first ends the session the rest act on.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post({ intent: i % 2 === 0 ? "revoke-all" : "revoke-others" }, cookie),
      ),
    );
    for (const answer of answers) {
      expect(answer.status === 200 || answer.status === 302, String(answer.status)).toBe(true);
      // Sent to sign in again, by the action or (once the session has gone) by the guard.
      if (answer.status === 302) expect(answer.headers.get("location")).toMatch(/^\/login(\?|$)/);
    }
    expect(answers.some((a) => a.status === 302)).toBe(true);
    expect((await get("/dashboard/account", cookie)).status).toBe(302);
  });
});
