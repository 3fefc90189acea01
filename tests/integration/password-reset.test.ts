import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auth_verifications } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie, signInRequest } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { freshAddress, latestLink, messagesTo } from "./helpers/outbox.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// Page requests name their client address (X-Forwarded-For), so each test has its own.
const world = setUpTestRuntime({ env: { TRUST_PROXY: "true" }, api: true, pages: true });
let rt: TestRuntime;
let api: TestServer;
let pages: PageServer;

const SENT = "If an account exists for that email, we sent a link to reset the password.";
const DEAD = "This reset link is invalid or has expired, or it was already used.";

beforeAll(() => {
  ({ rt, api, pages } = world());
});

async function agent(username: string) {
  await createCompanyWithAgent(rt, {
    company: `${username} Co`,
    username,
    password: `${username}-password-1`,
  });
  return {
    username,
    password: `${username}-password-1`,
    email: `${username}@${username}-co.example`,
  };
}

const forgot = (email: string, from = freshAddress()) =>
  fetch(`${pages.url}/forgot-password`, {
    method: "POST",
    headers: { "x-forwarded-for": from },
    body: new URLSearchParams({ email }),
    redirect: "manual",
  });

const reset = (token: string, newPassword: string, confirmPassword = newPassword) =>
  fetch(`${pages.url}/reset-password`, {
    method: "POST",
    headers: { "x-forwarded-for": freshAddress() },
    body: new URLSearchParams({ token, newPassword, confirmPassword }),
    redirect: "manual",
  });

/** Follows the emailed link through the auth service to the token it hands /reset-password. */
async function tokenFromEmail(email: string): Promise<string> {
  const link = (await latestLink(rt, email)).replace(TEST_BASE_URL, api.url);
  const res = await fetch(link, { redirect: "manual" });
  expect(res.status).toBe(302);
  const target = new URL(res.headers.get("location") ?? "");
  expect(target.pathname).toBe("/reset-password");
  const token = target.searchParams.get("token");
  if (!token) throw new Error(`no token in ${target}`);
  return token;
}

const sessionOf = async (cookie: string) => {
  const res = await fetch(`${api.url}/api/auth/get-session`, { headers: { cookie } });
  return res.json();
};

describe("forgot password", () => {
  it("gives the same answer for an unknown email and sends nothing", async () => {
    const known = await agent("forgetful");
    for (const email of [known.email, "nobody@forgetful-co.example"]) {
      const res = await forgot(email);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(SENT);
    }
    expect(await messagesTo(rt, "nobody@forgetful-co.example")).toEqual([]);
    const [mail] = await messagesTo(rt, known.email);
    expect(mail?.template).toBe("password-reset");
  });

  it("sends one link a minute per email", async () => {
    const a = await agent("hurried");
    expect((await forgot(a.email)).status).toBe(200);
    const again = await forgot(a.email);
    expect(again.status).toBe(429);
    expect(await again.text()).toMatch(/Please wait \d+ seconds? before asking for another link/);
    expect((await messagesTo(rt, a.email)).length).toBe(1);
  });

  it("takes five requests a minute from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await forgot(`many-${i}@busy.example`, "10.99.0.1")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("checks the email field", async () => {
    const res = await forgot("not-an-email");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Enter a valid email address");
  });
});

describe("reset password", () => {
  it("sets the new password once, ends every session, and says so on /login", async () => {
    const a = await agent("resetter");
    const sessions = [
      await signInCookie(api.url, a.username, a.password),
      await signInCookie(api.url, a.username, a.password),
    ];
    for (const cookie of sessions) expect(await sessionOf(cookie)).not.toBeNull();
    await forgot(a.email);
    const token = await tokenFromEmail(a.email);

    const page = await fetch(`${pages.url}/reset-password?token=${token}`);
    expect(await page.text()).toContain("Choose a new password");

    const mismatch = await reset(token, "brand-new-pass-1", "brand-new-pass-2");
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("New passwords do not match");

    const weak = await reset(token, "password123");
    expect(weak.status).toBe(400);
    const weakText = await weak.text();
    expect(weakText).toContain("Choose a stronger password");
    expect(weakText).toContain("common");

    const mine = await reset(token, "resetter-2024");
    expect(await mine.text()).toMatch(/username/i);

    const done = await reset(token, "brand-new-pass-1");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login?reset=1");
    for (const cookie of sessions) expect(await sessionOf(cookie)).toBeNull();

    const login = await fetch(`${pages.url}/login?reset=1`);
    expect(await login.text()).toContain(
      "Your password has been reset. Sign in with your new password.",
    );
    expect((await signInRequest(api.url, a.username, a.password)).status).toBe(400);
    expect((await signInRequest(api.url, a.username, "brand-new-pass-1")).status).toBe(200);

    const reused = await reset(token, "another-new-pass-1");
    expect(reused.status).toBe(400);
    const reusedText = await reused.text();
    expect(reusedText).toContain(DEAD);
    expect(reusedText).toContain('href="/forgot-password"');
  });

  it("refuses an expired link, both when followed and when submitted", async () => {
    const a = await agent("latecomer");
    await forgot(a.email);
    const token = await tokenFromEmail(a.email);
    await rt.database.db
      .update(auth_verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(auth_verifications.identifier, `reset-password:${token}`));
    const followed = await fetch((await latestLink(rt, a.email)).replace(TEST_BASE_URL, api.url), {
      redirect: "manual",
    });
    const target = new URL(followed.headers.get("location") ?? "");
    expect(target.searchParams.get("error")).toBe("INVALID_TOKEN");
    const page = await fetch(`${pages.url}${target.pathname}${target.search}`);
    expect(await page.text()).toContain(DEAD);

    const submitted = await reset(token, "brand-new-pass-1");
    expect(submitted.status).toBe(400);
    expect(await submitted.text()).toContain(DEAD);
    expect((await signInRequest(api.url, a.username, a.password)).status).toBe(200);
  });
});
