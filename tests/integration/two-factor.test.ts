import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agent_users, auth_sessions, mailOutbox } from "#server/db/schema/index.ts";
import { forget } from "#server/platform/rate-limit.ts";
import { totpFor, wrongTotpFor } from "#tests/support/totp.ts";
import { createCompanyWithAgent, signInCookie, signInRequest } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The second factor over HTTP: My Account's enrollment, the sign-in phone, the second sign-in
// step at /login/two-factor, and reauthentication, on the real server and database.

const world = setUpTestRuntime({ pages: true });
let rt: TestRuntime;
let server: PageServer;

const PASSWORD = "mfa-password-harbor-1";

beforeAll(async () => {
  ({ rt, pages: server } = world());
  for (const username of ["mfa_one", "mfa_two", "mfa_three", "mfa_phone", "mfa_old", "mfa_once"]) {
    await createCompanyWithAgent(rt, { company: "Factor Co", username, password: PASSWORD });
  }
  await createCompanyWithAgent(rt, {
    company: "Other Co",
    username: "mfa_stranger",
    password: PASSWORD,
  });
});

/** The Cookie header after an answer that may set or expire cookies. */
function renewed(cookie: string, response: Response): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0] ?? "", c] as const),
  );
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const name = pair.split("=")[0] ?? "";
    if (/max-age=0/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/**
 * My Account's action as the page's script calls it (React Router's data request): the answer is
 * the action's alone. (A plain form post would also render the page with the cookie it came
 * with, which enrolling replaces.)
 */
const account = (fields: Record<string, string>, cookie?: string) =>
  post("/dashboard/account.data", fields, cookie);

/** A data request the server answered with a redirect to /login. */
async function sentToLogin(res: Response) {
  const body = await res.text();
  return res.status === 202 && /"redirect","\/login/.test(body);
}

const BACKUP_CODE = /\b[A-Za-z0-9]{5}-[A-Za-z0-9]{5}\b/g;

/** Enrolls TOTP for a signed-in agent through My Account; returns the key and the backup codes. */
async function enroll(cookie: string) {
  const started = await account({ intent: "2fa-enable", password: PASSWORD }, cookie);
  expect(started.status).toBe(200);
  const html = await started.text();
  expect(html).toContain("<svg");
  // The key is the base32 secret of 32 random characters: 52 base32 letters.
  const key = html.match(/\b[A-Z2-7]{52}\b/)?.[0] ?? "";
  expect(key).not.toBe("");
  const code = await totpFor(key);
  const confirmed = await account({ intent: "2fa-confirm", code }, cookie);
  expect(confirmed.status).toBe(200);
  const codes = [...new Set((await confirmed.text()).match(BACKUP_CODE) ?? [])];
  return { key, code, backupCodes: codes, cookie: renewed(cookie, confirmed) };
}

/** Password sign-in through the login page; for an enrolled account, the pending-step cookie. */
async function startSignIn(username: string, redirectTo = "") {
  const res = await post("/login", { username, password: PASSWORD, redirectTo });
  expect(res.status).toBe(302);
  return { location: res.headers.get("location") ?? "", cookie: renewed("", res) };
}

const secondStep = (fields: Record<string, string>, cookie: string) =>
  post("/login/two-factor", fields, cookie);

async function twoFactorOn(username: string) {
  const [row] = await rt.database.db
    .select({ on: agent_users.twoFactorEnabled })
    .from(agent_users)
    .where(eq(agent_users.username, username));
  return row?.on === true;
}

async function lastText(to: string) {
  const [row] = await rt.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.channel, "sms"), eq(mailOutbox.toAddress, to)))
    .orderBy(desc(mailOutbox.createdAt));
  return row?.textBody.match(/\b\d{6}\b/)?.[0] ?? "";
}

describe("enrolling an authenticator app", () => {
  it("needs the password, a first code, and then shows 10 backup codes once", async () => {
    const cookie = await signInCookie(server.url, "mfa_one", PASSWORD);
    const noPassword = await account({ intent: "2fa-enable", password: "" }, cookie);
    expect(noPassword.status).toBe(400);
    const wrong = await account({ intent: "2fa-enable", password: "not-the-password" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is incorrect");

    const started = await account({ intent: "2fa-enable", password: PASSWORD }, cookie);
    const key = (await started.text()).match(/\b[A-Z2-7]{52}\b/)?.[0] ?? "";
    const badCode = await account({ intent: "2fa-confirm", code: await wrongTotpFor(key) }, cookie);
    expect(badCode.status).toBe(400);
    expect(await badCode.text()).toContain("Invalid code");
    expect(await twoFactorOn("mfa_one")).toBe(false);

    const confirmed = await account({ intent: "2fa-confirm", code: await totpFor(key) }, cookie);
    expect(confirmed.status).toBe(200);
    const codes = new Set((await confirmed.text()).match(BACKUP_CODE) ?? []);
    expect(codes.size).toBe(10);
    expect(await twoFactorOn("mfa_one")).toBe(true);

    // Shown once: confirming again is refused and shows no codes.
    const again = await account(
      { intent: "2fa-confirm", code: await totpFor(key) },
      renewed(cookie, confirmed),
    );
    expect(again.status).toBe(400);
    expect((await again.text()).match(BACKUP_CODE) ?? []).toHaveLength(0);
    // The page itself never carries the secret.
    const page = await (await get("/dashboard/account", renewed(cookie, confirmed))).text();
    expect(page).not.toContain(key);
  });
});

describe("the second sign-in step", () => {
  let key = "";
  let backupCodes: string[] = [];

  beforeAll(async () => {
    ({ key, backupCodes } = await enroll(await signInCookie(server.url, "mfa_two", PASSWORD)));
    expect(backupCodes).toHaveLength(10);
  });

  it("asks for a code before any session exists", async () => {
    const { location, cookie } = await startSignIn("mfa_two", "/dashboard/deals");
    expect(location).toBe("/login/two-factor?redirectTo=%2Fdashboard%2Fdeals");
    expect((await get("/dashboard", cookie)).status).toBe(302);
    const api = await signInRequest(server.url, "mfa_two", PASSWORD);
    expect(await api.json()).toMatchObject({ twoFactorRedirect: true });
    const apiCookie = renewed("", api);
    expect((await get("/dashboard", apiCookie)).status).toBe(302);
    const page = await get("/login/two-factor", cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Two-factor verification");
  });

  it("sends a visitor with no pending sign-in back to /login", async () => {
    const page = await get("/login/two-factor");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login");
    const forged = await get("/login/two-factor", "better-auth.two_factor=2fa-made-up.c2ln");
    expect(forged.headers.get("location")).toBe("/login");
  });

  it("finishes with an authenticator code, to the page asked for", async () => {
    const { cookie } = await startSignIn("mfa_two", "/dashboard/deals");
    const wrong = await secondStep(
      {
        intent: "verify",
        method: "totp",
        code: await wrongTotpFor(key),
        redirectTo: "/dashboard/deals",
      },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Invalid code");
    // The enrollment used this step's code, and a code works once: the next step's.
    const done = await secondStep(
      {
        intent: "verify",
        method: "totp",
        code: await totpFor(key, 1),
        redirectTo: "/dashboard/deals",
      },
      cookie,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard/deals");
    expect((await get("/dashboard", renewed(cookie, done))).status).toBe(200);
  });

  it("finishes with a backup code, which then never works again", async () => {
    const code = backupCodes[0] ?? "";
    const first = await startSignIn("mfa_two");
    const done = await secondStep({ intent: "verify", method: "backup", code }, first.cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard");
    expect((await get("/dashboard", renewed(first.cookie, done))).status).toBe(200);

    const second = await startSignIn("mfa_two");
    const reused = await secondStep({ intent: "verify", method: "backup", code }, second.cookie);
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("Invalid code");
  });

  it("ends the attempt after 5 wrong codes: the 6th, even right, is refused", async () => {
    const { cookie } = await startSignIn("mfa_two");
    // Mixed kinds count together.
    const wrongs = [
      { method: "totp", code: await wrongTotpFor(key) },
      { method: "backup", code: "AAAAA-BBBBB" },
      { method: "totp", code: await wrongTotpFor(key) },
      { method: "backup", code: "CCCCC-DDDDD" },
    ];
    for (const attempt of wrongs) {
      const res = await secondStep({ intent: "verify", ...attempt }, cookie);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Invalid code");
    }
    const fifth = await secondStep(
      { intent: "verify", method: "totp", code: await wrongTotpFor(key) },
      cookie,
    );
    expect(fifth.status).toBe(302);
    expect(fifth.headers.get("location")).toBe("/login?notice=two-factor-ended");
    const login = await (await get("/login?notice=two-factor-ended")).text();
    expect(login).toContain("Too many wrong codes. Sign in again.");

    // The browser's old cookie no longer opens anything: the pending state is gone on the server.
    const sixth = await secondStep(
      { intent: "verify", method: "totp", code: await totpFor(key) },
      cookie,
    );
    expect(sixth.status).toBe(302);
    expect(sixth.headers.get("location")).toMatch(/^\/login/);
    expect((await get("/dashboard", renewed(cookie, sixth))).status).toBe(302);
    expect((await get("/login/two-factor", cookie)).headers.get("location")).toBe("/login");
    // The same through Better Auth's own endpoint.
    const api = await fetch(`${server.url}/api/auth/two-factor/verify-totp`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL, cookie },
      body: JSON.stringify({ code: await totpFor(key) }),
    });
    expect(api.status).toBeGreaterThanOrEqual(400);
    expect(api.headers.getSetCookie().join()).not.toContain("session_token=");
  });
});

describe("an authenticator code works once", () => {
  it("for signing in and for turning the factor off, though its 30 seconds have not run out", async () => {
    const enrolled = await enroll(await signInCookie(server.url, "mfa_once", PASSWORD));
    const verify = (code: string, cookie: string) =>
      secondStep({ intent: "verify", method: "totp", code }, cookie);

    // The code that turned the factor on does not sign in.
    const first = await startSignIn("mfa_once");
    const replayed = await verify(enrolled.code, first.cookie);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain("Invalid code");
    // A fresh code does (the next step's: the server takes the steps either side of now).
    const fresh = await totpFor(enrolled.key, 1);
    const done = await verify(fresh, first.cookie);
    expect(done.status).toBe(302);
    const cookie = renewed(first.cookie, done);
    expect((await get("/dashboard", cookie)).status).toBe(200);

    // Once used, it signs in no second time, by the page or by the API.
    const second = await startSignIn("mfa_once");
    expect((await verify(fresh, second.cookie)).status).toBe(400);
    const api = await fetch(`${server.url}/api/auth/two-factor/verify-totp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: TEST_BASE_URL,
        cookie: second.cookie,
      },
      body: JSON.stringify({ code: fresh }),
    });
    expect(api.status).toBe(401);
    expect(api.headers.getSetCookie().join()).not.toContain("session_token=");

    // Nor does it turn the factor off.
    const off = await account({ intent: "2fa-disable", code: fresh, password: PASSWORD }, cookie);
    expect(off.status).toBe(400);
    expect(await twoFactorOn("mfa_once")).toBe(true);
  });
});

describe("turning the second factor off", () => {
  it("needs a valid code and the password; without them nothing changes", async () => {
    const { key, backupCodes, cookie } = await enroll(
      await signInCookie(server.url, "mfa_three", PASSWORD),
    );
    const noCode = await account(
      { intent: "2fa-disable", code: await wrongTotpFor(key), password: PASSWORD },
      cookie,
    );
    expect(noCode.status).toBe(400);
    expect(await twoFactorOn("mfa_three")).toBe(true);
    const noPassword = await account(
      { intent: "2fa-disable", code: await totpFor(key), password: "wrong-password-9" },
      cookie,
    );
    expect(noPassword.status).toBe(400);
    expect(await twoFactorOn("mfa_three")).toBe(true);

    // Regenerating backup codes needs the password and replaces the old ones.
    const regenerated = await account({ intent: "2fa-backup-codes", password: PASSWORD }, cookie);
    expect(regenerated.status).toBe(200);
    const fresh = [...new Set((await regenerated.text()).match(BACKUP_CODE) ?? [])];
    expect(fresh).toHaveLength(10);
    const old = await account(
      { intent: "2fa-disable", code: backupCodes[0] ?? "", password: PASSWORD },
      cookie,
    );
    expect(old.status).toBe(400);

    const off = await account(
      { intent: "2fa-disable", code: fresh[0] ?? "", password: PASSWORD },
      cookie,
    );
    expect(off.status).toBe(200);
    expect(await off.text()).toContain("Two-factor authentication is off");
    expect(await twoFactorOn("mfa_three")).toBe(false);
    // Signing in is one step again.
    const { location } = await startSignIn("mfa_three");
    expect(location).toBe("/dashboard");
  });
});

describe("the sign-in phone", () => {
  it("is verified by a texted code, then a texted code finishes sign-in", async () => {
    const cookie = await signInCookie(server.url, "mfa_phone", PASSWORD);
    const phone = "+15550104477";
    const sent = await account({ intent: "phone-send", phoneNumber: "+1 555 010 4477" }, cookie);
    expect(sent.status).toBe(200);
    const code = await lastText(phone);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await account(
      { intent: "phone-verify", phoneNumber: phone, code: code === "000000" ? "111111" : "000000" },
      cookie,
    );
    expect(wrong.status).toBe(400);
    const verified = await account({ intent: "phone-verify", phoneNumber: phone, code }, cookie);
    expect(verified.status).toBe(200);
    const [row] = await rt.database.db
      .select()
      .from(agent_users)
      .where(eq(agent_users.username, "mfa_phone"));
    expect(row).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true });
    expect(await (await get("/dashboard/account", cookie)).text()).toContain(phone);

    const enrolled = await enroll(cookie);
    expect(enrolled.backupCodes).toHaveLength(10);
    const { cookie: pending } = await startSignIn("mfa_phone");
    expect(await (await get("/login/two-factor", pending)).text()).toContain("Text me a code");
    const texted = await secondStep({ intent: "send-sms" }, pending);
    expect(texted.status).toBe(200);
    const signInCode = await lastText(phone);
    expect(signInCode).toMatch(/^\d{6}$/);
    const done = await secondStep({ intent: "verify", method: "otp", code: signInCode }, pending);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard");
    expect((await get("/dashboard", renewed(pending, done))).status).toBe(200);
  });

  it("offers no texted code to an account without a verified phone", async () => {
    const { cookie } = await startSignIn("mfa_two");
    expect(await (await get("/login/two-factor", cookie)).text()).not.toContain("Text me a code");
    const refused = await secondStep({ intent: "send-sms" }, cookie);
    expect(refused.status).toBe(400);
  });
});

describe("reauthentication", () => {
  it("refuses a sign-in phone change from an old session without the password", async () => {
    const cookie = await signInCookie(server.url, "mfa_old", PASSWORD);
    const [user] = await rt.database.db
      .select({ id: agent_users.id })
      .from(agent_users)
      .where(eq(agent_users.username, "mfa_old"));
    await rt.database.db
      .update(auth_sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(auth_sessions.userId, user?.id ?? ""));
    const phone = "+15550107788";
    const refused = await account({ intent: "phone-send", phoneNumber: phone }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "For your security, enter your current password to make this change.",
    );
    expect(await lastText(phone)).toBe("");

    // A code requested without a session cannot be used to set it either, by page or by API.
    await fetch(`${server.url}/api/auth/phone-number/send-otp`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL },
      body: JSON.stringify({ phoneNumber: phone }),
    });
    const code = await lastText(phone);
    const byPage = await account({ intent: "phone-verify", phoneNumber: phone, code }, cookie);
    expect(byPage.status).toBe(400);
    const byApi = await fetch(`${server.url}/api/auth/phone-number/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL, cookie },
      body: JSON.stringify({ phoneNumber: phone, code, updatePhoneNumber: true }),
    });
    expect(byApi.status).toBe(403);
    const [row] = await rt.database.db
      .select({ phone: agent_users.phoneNumber })
      .from(agent_users)
      .where(eq(agent_users.username, "mfa_old"));
    expect(row?.phone).toBeNull();

    // A minute passes, so the number's resend cooldown (code-sign-in-hooks.ts) is over.
    await forget(rt.database.db, `code-cooldown:phoneNumber:${phone}`);
    // With the password, the change goes through (and the password counts for the code step).
    const sent = await account(
      { intent: "phone-send", phoneNumber: phone, password: PASSWORD },
      cookie,
    );
    expect(sent.status).toBe(200);
    const ok = await account(
      { intent: "phone-verify", phoneNumber: phone, code: await lastText(phone) },
      cookie,
    );
    expect(ok.status).toBe(200);
  });
});

describe("who may call these actions", () => {
  it("sends a signed-out visitor to /login for every action", async () => {
    for (const intent of [
      "2fa-enable",
      "2fa-confirm",
      "2fa-disable",
      "2fa-backup-codes",
      "phone-send",
      "phone-verify",
    ]) {
      const res = await account({
        intent,
        password: PASSWORD,
        code: "123456",
        phoneNumber: "+15550100000",
      });
      expect(await sentToLogin(res), intent).toBe(true);
    }
  });

  it("lets another company's agent change nothing of this agent's factor", async () => {
    const stranger = await signInCookie(server.url, "mfa_stranger", PASSWORD);
    // Their own requests act on their own account only: mfa-two stays enrolled.
    const res = await account(
      { intent: "2fa-disable", code: "123456", password: PASSWORD },
      stranger,
    );
    expect(res.status).toBe(400);
    expect(await twoFactorOn("mfa_two")).toBe(true);
    // And a signed-in agent has no second step to visit.
    expect((await get("/login/two-factor", stranger)).headers.get("location")).toBe("/dashboard");
  });
});
