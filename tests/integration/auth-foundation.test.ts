import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionUserFromHeaders } from "#server/accounts/session.ts";
import { auth_sessions, mailOutbox } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The shared parts of the auth service: the password policy on every path that sets a password,
// the SMS port's outbox default, and the absolute session age.

const world = setUpTestRuntime({ env: { SESSION_MAX_AGE_HOURS: "1" }, api: true });
let rt: TestRuntime;
let server: TestServer;

beforeAll(async () => {
  ({ rt, api: server } = world());
  await createCompanyWithAgent(rt, {
    company: "Policy Co",
    username: "policy",
    password: "first-strong-secret-1",
  });
});

const changePassword = (cookie: string, newPassword: string) =>
  fetch(`${server.url}/api/auth/change-password`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL, cookie },
    body: JSON.stringify({ currentPassword: "first-strong-secret-1", newPassword }),
  });

describe("password policy", () => {
  it("refuses a weak new password with every reason listed", async () => {
    const cookie = await signInCookie(server.url, "policy", "first-strong-secret-1");
    const weak = await changePassword(cookie, "policy1");
    expect(weak.status).toBe(400);
    const body: unknown = await weak.json();
    expect(body).toMatchObject({
      code: "WEAK_PASSWORD",
      reasons: [
        "Password must be at least 8 characters long",
        "Password must not contain your username",
        // Its email address is policy@policy-co.example.
        "Password must not contain your email address",
      ],
    });

    const common = await changePassword(cookie, "password123");
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      reasons: ["Password is too common; choose one that is not on lists of common passwords"],
    });

    // The old password still works: nothing was changed.
    await expect(signInCookie(server.url, "policy", "first-strong-secret-1")).resolves.toContain(
      "session_token",
    );
  });

  it("accepts a strong new password", async () => {
    const cookie = await signInCookie(server.url, "policy", "first-strong-secret-1");
    const ok = await changePassword(cookie, "quiet-meadow-compass-77");
    expect(ok.status).toBe(200);
    await expect(signInCookie(server.url, "policy", "quiet-meadow-compass-77")).resolves.toContain(
      "session_token",
    );
  });
});

describe("SMS port", () => {
  it("keeps texts in the outbox on the sms channel", async () => {
    await rt.sms.send({ to: "+15551234567", text: "Your code is 123456", template: "test-text" });
    const rows = await rt.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.channel, "sms"), eq(mailOutbox.toAddress, "+15551234567")));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textBody).toBe("Your code is 123456");
    expect(rows[0]?.status).toBe("queued");
  });
});

describe("session age", () => {
  it("ends a session older than SESSION_MAX_AGE_HOURS however recently it was used", async () => {
    const cookie = await signInCookie(server.url, "policy", "quiet-meadow-compass-77");
    const headers = new Headers({ cookie });
    rt.sessions.invalidateAll();
    expect(await sessionUserFromHeaders(rt, headers)).not.toBeNull();

    const token = decodeURIComponent(cookie.split("session_token=")[1]?.split(";")[0] ?? "").split(
      ".",
    )[0];
    if (!token) throw new Error("no session token in the cookie");
    const aged = await rt.database.db
      .update(auth_sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(auth_sessions.token, token))
      .returning({ id: auth_sessions.id });
    expect(aged).toHaveLength(1);
    rt.sessions.invalidateAll();

    expect(await sessionUserFromHeaders(rt, headers)).toBeNull();
    const left = await rt.database.db
      .select()
      .from(auth_sessions)
      .where(eq(auth_sessions.token, token));
    expect(left).toHaveLength(0);
  });
});
