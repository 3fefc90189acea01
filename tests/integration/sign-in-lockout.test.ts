import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_THROTTLE, LOCKOUT } from "#server/auth/sign-in-lockout.ts";
import { mailOutbox } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInRequest } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { freshAddress, latestCode } from "./helpers/outbox.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// TRUST_PROXY: each request names its client address (X-Forwarded-For), as clients behind a
// proxy would, so a test can sign in from many addresses or keep to one.
const world = setUpTestRuntime({ env: { TRUST_PROXY: "true" }, api: true, pages: true });
let rt: TestRuntime;
let server: TestServer;
let pages: PageServer;

beforeAll(() => {
  ({ rt, api: server, pages } = world());
});

/** A fresh account of its own company: its sign-in names and password. */
async function account(username: string) {
  const password = `${username}-password-1`;
  const company = `${username} Co`;
  const { userId } = await createCompanyWithAgent(rt, { company, username, password });
  const email = `${username}@${company.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`;
  return { username, password, email, userId };
}

const signIn = (username: string, password: string, from: string) =>
  signInRequest(server.url, username, password, { "x-forwarded-for": from });

const auth = (path: string, body: unknown, from: string) =>
  fetch(`${server.url}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL, "x-forwarded-for": from },
    body: JSON.stringify(body),
  });

/** `count` wrong passwords for `username`, each from an address of its own, ten at a time. */
async function failFromEverywhere(username: string, count: number) {
  const statuses: number[] = [];
  for (let done = 0; done < count; done += 10) {
    const batch = Array.from({ length: Math.min(10, count - done) }, (_, i) =>
      signIn(username, `spread-guess-${done + i}`, freshAddress()).then((res) => res.status),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

/** `count` wrong passwords for `username` from one address. */
async function fail(username: string, count: number, from: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await signIn(username, `wrong-${i}`, from)).status);
  return statuses;
}

/** Signs in with an emailed code, as the owner of the address would. */
async function signInByCode(email: string, from: string) {
  const sent = await auth("/email-otp/send-verification-otp", { email, type: "sign-in" }, from);
  expect(sent.ok).toBe(true);
  const otp = await latestCode(rt, email);
  expect((await auth("/sign-in/email-otp", { email, otp }, from)).status).toBe(200);
}

const lockNotices = (email: string) =>
  rt.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "account-locked")));

// Each case checks 10 to 20 passwords, each a deliberately slow hash: a busy machine needs more
// than the default 30 s for that, and no case here is about time.
describe("per-account lockout, per address", { timeout: 120_000 }, () => {
  it("answers 15 wrong passwords with refusals only, and locks the account after 10", async () => {
    await account("locky");
    const from = freshAddress();
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    // 15 from one address (the auth API takes 20 sign-ins a minute from an address).
    for (let i = 0; i < 15; i++) {
      const res = await signIn("locky", `wrong-guess-${i}`, from);
      statuses.push(res.status);
      bodies.push(await res.json());
      expect(
        res.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token=")),
      ).toBe(false);
    }
    // Ten wrong passwords are refused as wrong; from then on the account is locked.
    expect(statuses.slice(0, LOCKOUT.failures)).toEqual(Array(LOCKOUT.failures).fill(400));
    expect(statuses.slice(LOCKOUT.failures)).toEqual(Array(15 - LOCKOUT.failures).fill(429));
    expect(bodies[LOCKOUT.failures]).toMatchObject({
      code: "ACCOUNT_LOCKED",
      message: expect.stringContaining("This account is locked for 15 more minutes"),
    });
    // The right password does not open a locked account either.
    const right = await signIn("locky", "locky-password-1", from);
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ code: "ACCOUNT_LOCKED" });
  });

  it("counts the account, whichever of its names was typed", async () => {
    const a = await account("many_names");
    const from = freshAddress();
    // Half the tries on the username, half on the email: one count.
    expect(await fail(a.username, LOCKOUT.failures / 2, from)).toEqual(Array(5).fill(400));
    for (let i = 0; i < LOCKOUT.failures / 2; i++) {
      const res = await auth("/sign-in/email", { email: a.email, password: `wrong-${i}` }, from);
      expect(res.status).toBe(400);
    }
    // Locked, through the email endpoint too, and whatever case the email is typed in.
    const byEmail = await auth(
      "/sign-in/email",
      { email: a.email.toUpperCase(), password: a.password },
      from,
    );
    expect(byEmail.status).toBe(429);
    expect(await byEmail.json()).toMatchObject({ code: "ACCOUNT_LOCKED" });
    expect((await signIn(a.username.toUpperCase(), a.password, from)).status).toBe(429);
  });

  it("locks the account for the guessing address only: the owner elsewhere signs in", async () => {
    const a = await account("elsewhere");
    const attacker = freshAddress();
    await fail(a.username, LOCKOUT.failures, attacker);
    expect((await signIn(a.username, a.password, attacker)).status).toBe(429);
    expect((await signIn(a.username, a.password, freshAddress())).status).toBe(200);
    // The owner's success elsewhere does not open the guessing address.
    expect((await signIn(a.username, a.password, attacker)).status).toBe(429);
  });

  it("locks only the account that was guessed at", async () => {
    const a = await account("steady");
    const from = freshAddress();
    await fail("locky", 1, from);
    expect((await signIn(a.username, a.password, from)).status).toBe(200);
  });

  it("a success ends a run of failures", async () => {
    const a = await account("runner");
    const from = freshAddress();
    await fail(a.username, LOCKOUT.failures - 1, from);
    expect((await signIn(a.username, a.password, from)).status).toBe(200);
    await fail(a.username, LOCKOUT.failures - 1, from);
    expect((await signIn(a.username, a.password, from)).status).toBe(200);
  });

  it("treats a name that has no account the same way", async () => {
    const from = freshAddress();
    const statuses = await fail("nobody_here", LOCKOUT.failures + 1, from);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, LOCKOUT.failures).every((s) => s === 400)).toBe(true);
  });
});

describe("the account-wide throttle", () => {
  // A hundred password checks: slow on a busy machine.
  it(`locks everywhere after ${ACCOUNT_THROTTLE.failures} failures from many addresses, tells the owner once, and a code sign-in lifts it`, {
    timeout: 180_000,
  }, async () => {
    const a = await account("spread");
    // Spread thin: no address reaches its own lock.
    expect(await failFromEverywhere(a.username, ACCOUNT_THROTTLE.failures)).toEqual(
      Array(ACCOUNT_THROTTLE.failures).fill(400),
    );
    const owner = await signIn(a.username, a.password, freshAddress());
    expect(owner.status).toBe(429);
    expect(await owner.json()).toMatchObject({ code: "ACCOUNT_LOCKED" });
    const notices = await lockNotices(a.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textBody).toContain("resetting your password");
    // More tries while locked send nothing more.
    for (let i = 0; i < 3; i++) await signIn(a.username, `more-${i}`, freshAddress());
    expect(await lockNotices(a.email)).toHaveLength(1);

    // The owner proves who they are with a code: every lock goes.
    await signInByCode(a.email, freshAddress());
    expect((await signIn(a.username, a.password, freshAddress())).status).toBe(200);
  });
});

describe("lifting the lock", () => {
  it("a completed password reset lifts the lock", async () => {
    const a = await account("resetter");
    const from = freshAddress();
    await fail(a.username, LOCKOUT.failures, from);
    expect((await signIn(a.username, a.password, from)).status).toBe(429);

    expect((await auth("/email-otp/request-password-reset", { email: a.email }, from)).ok).toBe(
      true,
    );
    const otp = await latestCode(rt, a.email);
    const newPassword = "Tidal-Orchard-93!";
    const reset = await auth(
      "/email-otp/reset-password",
      { email: a.email, otp, password: newPassword },
      from,
    );
    expect(reset.status).toBe(200);
    expect((await signIn(a.username, newPassword, from)).status).toBe(200);
  });

  it("a code sign-in lifts the lock", async () => {
    const a = await account("coder");
    const from = freshAddress();
    await fail(a.username, LOCKOUT.failures, from);
    expect((await signIn(a.username, a.password, from)).status).toBe(429);
    await signInByCode(a.email, from);
    expect((await signIn(a.username, a.password, from)).status).toBe(200);
  });
});

describe("the login page", () => {
  const submit = (username: string, password: string, from: string) =>
    fetch(`${pages.url}/login`, {
      method: "POST",
      headers: { "x-forwarded-for": from },
      body: new URLSearchParams({ username, password }),
      redirect: "manual",
    });

  it("says 'Invalid credentials' ten times, then shows the lock", async () => {
    const a = await account("pagelock");
    const from = freshAddress();
    for (let i = 0; i < LOCKOUT.failures; i++) {
      const res = await submit(a.username, `wrong-${i}`, from);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Invalid credentials");
    }
    const locked = await submit(a.username, a.password, from);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain(
      "Too many failed sign-ins. This account is locked for 15 more minutes",
    );
    // The page reads the client's address as the API does: elsewhere, the owner gets in.
    expect((await submit(a.username, a.password, freshAddress())).status).toBe(302);
  });

  it("takes 20 sign-ins a minute from one address (SIGN_IN_RATE_LIMIT)", async () => {
    const from = freshAddress();
    // Different names each time, so no account's lock is what stops them.
    for (let i = 0; i < rt.config.signInRateLimit; i++) {
      expect((await submit(`page_guess_${i}`, "wrong-password", from)).status).toBe(400);
    }
    const busy = await submit("page_guess_last", "wrong-password", from);
    expect(busy.status).toBe(429);
    expect(await busy.text()).toContain("Too many attempts from your network");
    // Another address is not held up.
    expect((await submit("page_guess_other", "wrong-password", freshAddress())).status).toBe(400);
  });
});
