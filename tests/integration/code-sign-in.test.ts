import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent_users, auth_verifications, rateLimitBuckets } from "#server/db/schema/index.ts";
import { createCompanyWithAgent } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import {
  authPost,
  cookieFrom,
  giveVerifiedPhone,
  latestCode,
  messagesTo,
} from "./helpers/outbox.ts";
import { startPageServer } from "./helpers/pages.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// Requests name their client address (X-Forwarded-For through a trusted proxy), so per-address
// limits stay out of the tests that are not about them.
const world = setUpTestRuntime({ env: { TRUST_PROXY: "true" }, api: true });
let rt: TestRuntime;
let server: TestServer;
let counter = 0;

beforeAll(() => {
  ({ rt, api: server } = world());
});

/** A fresh agent with its own email and verified phone, so each test starts with no codes sent. */
async function agent(options: { phone?: boolean } = {}) {
  const n = ++counter;
  const username = `coder${n}`;
  const { userId } = await createCompanyWithAgent(rt, {
    company: `Code Co ${n}`,
    username,
    password: `${username}-password-1`,
  });
  const email = `${username}@code-co-${n}.example`;
  const phone = `+1555555${String(1000 + n).padStart(4, "0")}`;
  if (options.phone !== false) await giveVerifiedPhone(rt, userId, phone);
  return { userId, username, email, phone };
}

const post = (path: string, body: unknown) => authPost(server.url, path, body);
const sendEmailCode = (email: string) =>
  post("/email-otp/send-verification-otp", { email, type: "sign-in" });
const signInEmail = (email: string, otp: string) => post("/sign-in/email-otp", { email, otp });
const sendPhoneCode = (phoneNumber: string) => post("/phone-number/send-otp", { phoneNumber });
const signInPhone = (phoneNumber: string, code: string) =>
  post("/phone-number/verify", { phoneNumber, code });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function whoIs(res: Response) {
  const me = await fetch(`${server.url}/api/auth/get-session`, {
    headers: { cookie: cookieFrom(res) },
  });
  const body: unknown = await me.json();
  return typeof body === "object" && body !== null
    ? Reflect.get(Reflect.get(body, "user") ?? {}, "id")
    : null;
}

describe("code sign-in by email", () => {
  it("signs in once with the emailed 6-digit code", async () => {
    const a = await agent();
    expect(await (await sendEmailCode(a.email)).json()).toEqual({ success: true });
    const code = await latestCode(rt, a.email);
    expect(code).toMatch(/^\d{6}$/);
    const first = await signInEmail(a.email, code);
    expect(first.status).toBe(200);
    expect(await whoIs(first)).toBe(a.userId);
    const again = await signInEmail(a.email, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "INVALID_OTP" });
  });

  it("refuses a code older than 10 minutes", async () => {
    const a = await agent();
    await sendEmailCode(a.email);
    const code = await latestCode(rt, a.email);
    const [row] = await rt.database.db
      .select()
      .from(auth_verifications)
      .where(eq(auth_verifications.identifier, `sign-in-otp-${a.email}`));
    // Sent now, good for ten minutes: then gone.
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9.5 * 60_000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(row?.value).not.toContain(code); // stored hashed
    await rt.database.db
      .update(auth_verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(auth_verifications.identifier, `sign-in-otp-${a.email}`));
    const res = await signInEmail(a.email, code);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "INVALID_OTP",
      message: "That code is not valid or has expired. Check it, or request a new code.",
    });
  });

  it("kills the code after 5 wrong tries, even for the right code", async () => {
    const a = await agent();
    await sendEmailCode(a.email);
    const code = await latestCode(rt, a.email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signInEmail(a.email, wrong(code))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 403]);
    const right = await signInEmail(a.email, code);
    expect(right.status).toBe(403);
    expect(await right.json()).toEqual({
      code: "TOO_MANY_ATTEMPTS",
      message: "Too many attempts. Request a new code.",
    });
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  it("answers an unknown email the same and sends nothing", async () => {
    const res = await sendEmailCode("nobody-at-all@code-co.example");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await messagesTo(rt, "nobody-at-all@code-co.example")).toEqual([]);
    const guess = await signInEmail("nobody-at-all@code-co.example", "123456");
    expect(guess.status).toBe(400);
    expect(await guess.json()).toMatchObject({ code: "INVALID_OTP" });
  });
});

describe("code sign-in by phone", () => {
  it("signs in once with the texted code", async () => {
    const a = await agent();
    expect((await sendPhoneCode(a.phone)).status).toBe(200);
    const [sms] = await messagesTo(rt, a.phone);
    expect(sms?.channel).toBe("sms");
    const code = await latestCode(rt, a.phone);
    const first = await signInPhone(a.phone, code);
    expect(first.status).toBe(200);
    expect(await whoIs(first)).toBe(a.userId);
    const again = await signInPhone(a.phone, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "INVALID_OTP" });
  });

  it("kills the code after 5 wrong tries", async () => {
    const a = await agent();
    await sendPhoneCode(a.phone);
    const code = await latestCode(rt, a.phone);
    for (let i = 0; i < 4; i++) expect((await signInPhone(a.phone, wrong(code))).status).toBe(400);
    expect((await signInPhone(a.phone, wrong(code))).status).toBe(403);
    expect((await signInPhone(a.phone, code)).status).toBe(403);
  });

  it("refuses a code older than 10 minutes", async () => {
    const a = await agent();
    await sendPhoneCode(a.phone);
    const code = await latestCode(rt, a.phone);
    await rt.database.db
      .update(auth_verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(auth_verifications.identifier, `phone-number-otp-${a.phone}`));
    const res = await signInPhone(a.phone, code);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "INVALID_OTP" });
  });

  it("texts only an account's verified number, answering every other number the same", async () => {
    const unverified = await agent({ phone: false });
    await rt.database.db
      .update(agent_users)
      .set({ phoneNumber: "+15555552222", phoneNumberVerified: false })
      .where(eq(agent_users.id, unverified.userId));
    for (const number of ["+15555552222", "+15555553333"]) {
      const res = await sendPhoneCode(number);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: "code sent" });
      expect(await messagesTo(rt, number)).toEqual([]);
      const guess = await signInPhone(number, "123456");
      expect(guess.status).toBe(400);
      expect(await guess.json()).toMatchObject({ code: "INVALID_OTP" });
    }
  });
});

describe("resend limits", () => {
  const endCooldowns = () =>
    rt.database.db
      .update(rateLimitBuckets)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(like(rateLimitBuckets.key, "code-cooldown:%"));

  it("one code a minute and five an hour per destination, known or not", async () => {
    const a = await agent();
    for (const send of [
      () => sendEmailCode(a.email),
      () => sendPhoneCode(a.phone),
      () => sendEmailCode("ghost@code-co.example"),
    ]) {
      expect((await send()).status).toBe(200);
      const early = await send();
      expect(early.status).toBe(429);
      const body = await early.json();
      expect(body).toMatchObject({ code: "CODE_RESEND_WAIT", retryAfter: expect.any(Number) });
      expect(body.message).toMatch(/^Please wait \d+ seconds? before asking for another code\.$/);
      for (let i = 2; i <= 5; i++) {
        await endCooldowns();
        expect((await send()).status).toBe(200);
      }
      await endCooldowns();
      const sixth = await send();
      expect(sixth.status).toBe(429);
      expect(await sixth.json()).toMatchObject({
        code: "CODE_RESEND_LIMIT",
        message: expect.stringContaining("You have asked for 5 codes in the last hour"),
      });
    }
    expect((await messagesTo(rt, a.email)).length).toBe(5);
    expect((await messagesTo(rt, a.phone)).length).toBe(5);
  });

  it("a new code gets fresh tries and the old one stops working", async () => {
    const a = await agent();
    await sendEmailCode(a.email);
    const old = await latestCode(rt, a.email);
    for (let i = 0; i < 4; i++) await signInEmail(a.email, wrong(old));
    await endCooldowns();
    await sendEmailCode(a.email);
    const fresh = await latestCode(rt, a.email);
    if (fresh !== old) expect((await signInEmail(a.email, old)).status).toBe(400);
    expect((await signInEmail(a.email, fresh)).status).toBe(200);
  });
});

describe("an account with a second factor", () => {
  it("gets the two-factor step instead of a session", async () => {
    const a = await agent();
    await rt.database.db
      .update(agent_users)
      .set({ twoFactorEnabled: true })
      .where(eq(agent_users.id, a.userId));
    await sendEmailCode(a.email);
    const res = await signInEmail(a.email, await latestCode(rt, a.email));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await whoIs(res)).toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith("better-auth.two_factor="))).toBe(
      true,
    );
  });
});

describe("the /login/code page", () => {
  let pages: PageServer;
  beforeAll(async () => {
    pages = await startPageServer(rt);
  });
  afterAll(async () => {
    await pages?.close();
  });

  const submit = (fields: Record<string, string>) =>
    fetch(`${pages.url}/login/code`, {
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  it("sends a code, answers an unknown address the same, and signs in with the code", async () => {
    const a = await agent();
    const sent = await submit({ intent: "send", destination: a.email.toUpperCase() });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(
      `If an account matches, we sent a 6-digit code to ${a.email}`,
    );
    const unknown = await submit({ intent: "send", destination: "nobody@page.example" });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain(
      "If an account matches, we sent a 6-digit code to nobody@page.example",
    );
    expect(await messagesTo(rt, "nobody@page.example")).toEqual([]);

    const early = await submit({ intent: "resend", destination: a.email });
    expect(early.status).toBe(429);
    expect(await early.text()).toMatch(/Please wait \d+ seconds? before asking for another code/);

    const code = await latestCode(rt, a.email);
    const bad = await submit({ intent: "verify", destination: a.email, code: wrong(code) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("That code is not valid or has expired");

    const good = await submit({
      intent: "verify",
      destination: a.email,
      code,
      redirectTo: "https://evil.example/",
    });
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe("/dashboard");
    const dashboard = await fetch(`${pages.url}/dashboard`, {
      headers: { cookie: cookieFrom(good) },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
  });

  it("signs in by phone, typed as people type it", async () => {
    const a = await agent();
    const national = a.phone.slice(2); // ten digits
    const typed = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
    const sent = await submit({ intent: "send", destination: typed });
    expect(await sent.text()).toContain(`we sent a 6-digit code to ${a.phone}`);
    const good = await submit({
      intent: "verify",
      destination: a.phone,
      code: await latestCode(rt, a.phone),
      redirectTo: "/dashboard/plans",
    });
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe("/dashboard/plans");
  });

  it("says what is wrong with the input", async () => {
    const res = await submit({ intent: "send", destination: "not an address" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Enter a valid email address or phone number");
    const code = await submit({ intent: "verify", destination: "x@page.example", code: "12" });
    expect(await code.text()).toContain("Enter the 6-digit code");
  });
});
