import { beforeAll, describe, expect, it } from "vitest";
import { LOCKOUT } from "#server/auth/sign-in-lockout.ts";
import { createCompanyWithAgent } from "./helpers/accounts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { authPost, cookieFrom, giveVerifiedPhone, latestCode } from "./helpers/outbox.ts";
import { startPageServer } from "./helpers/pages.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// Requests name their client address (X-Forwarded-For through a trusted proxy), so per-address
// limits stay out of the tests that are not about them.
// 30 sign-ins from one address below: over the default 20 a minute, which would answer first.
const world = setUpTestRuntime({
  env: { TRUST_PROXY: "true", SIGN_IN_RATE_LIMIT: "100" },
  api: true,
});
let rt: TestRuntime;
let server: TestServer;

const AGENT = {
  company: "Answers Co",
  username: "answers",
  password: "answers-password-1",
  email: "answers@answers-co.example",
  phone: "+15555550181",
};
const INVALID = { code: "INVALID_CREDENTIALS", message: "Invalid credentials" };
const MISSING = "You must provide either an email or phone number and a password";

beforeAll(async () => {
  ({ rt, api: server } = world());
  const { userId } = await createCompanyWithAgent(rt, AGENT);
  await giveVerifiedPhone(rt, userId, AGENT.phone);
  await createCompanyWithAgent(rt, {
    company: "Guessed Co",
    username: "guessed",
    password: "guessed-password-1",
  });
});

const post = (path: string, body: unknown) => authPost(server.url, path, body);

/** The three password sign-ins, each for an account's own identifier and for one nobody has. */
const SIGN_INS = [
  { path: "/sign-in/username", field: "username", known: AGENT.username, unknown: "nobody_here" },
  { path: "/sign-in/email", field: "email", known: AGENT.email, unknown: "nobody@nowhere.example" },
  {
    path: "/sign-in/phone-number",
    field: "phoneNumber",
    known: AGENT.phone,
    unknown: "+15555550999",
  },
] as const;

describe("wrong credentials", () => {
  for (const signIn of SIGN_INS) {
    it(`${signIn.path}: an unknown account and a wrong password get the same 400`, async () => {
      const unknown = await post(signIn.path, {
        [signIn.field]: signIn.unknown,
        password: "whatever-pass-1",
      });
      const wrong = await post(signIn.path, {
        [signIn.field]: signIn.known,
        password: "whatever-pass-1",
      });
      expect(unknown.status).toBe(400);
      expect(wrong.status).toBe(400);
      const [unknownBody, wrongBody] = [await unknown.json(), await wrong.json()];
      expect(unknownBody).toEqual(INVALID);
      expect(wrongBody).toEqual(INVALID);
      expect(unknown.headers.getSetCookie()).toEqual([]);
      expect(wrong.headers.getSetCookie()).toEqual([]);
    });
  }

  it("takes about as long for an unknown account as for a wrong password", async () => {
    const time = async (body: unknown) => {
      const started = performance.now();
      await post("/sign-in/phone-number", body);
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await time({ phoneNumber: `+1555555090${i}`, password: `timing-pass-${i}` }));
      wrong.push(await time({ phoneNumber: AGENT.phone, password: `timing-pass-${i}` }));
    }
    // Both pay for one password hash; without it the unknown number answered several times faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });
});

describe("missing fields", () => {
  const cases = [
    ["/sign-in/email", { email: "", password: "some-password-1" }],
    ["/sign-in/email", { email: AGENT.email }],
    ["/sign-in/phone-number", { phoneNumber: AGENT.phone, password: "" }],
    ["/sign-in/phone-number", { password: "some-password-1" }],
  ] as const;
  // Sign-up is not open over HTTP (the /signup page calls it in-process; tests/integration/signup.test.ts
  // shows the same message there).
  for (const [path, body] of cases) {
    it(`${path} ${JSON.stringify(body)} is told what it lacks`, async () => {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "MISSING_CREDENTIALS", message: MISSING });
    });
  }

  it("a code request needs an email or a phone", async () => {
    for (const [path, body] of [
      ["/email-otp/send-verification-otp", { email: " ", type: "sign-in" }],
      ["/phone-number/send-otp", { phoneNumber: "" }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "CODE_DESTINATION_REQUIRED",
        message: "Enter an email address or a phone number to receive a code.",
      });
    }
  });
});

describe("what a successful sign-in answers", () => {
  /** Asserts the answer signs in by cookie alone: no token or hash in the body, safe flags. */
  async function expectCookieOnly(res: Response) {
    expect(res.status).toBe(200);
    const text = await res.text();
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(session).toBeDefined();
    const token = decodeURIComponent(session?.split(";")[0]?.split("=")[1] ?? "").split(".")[0];
    expect(token?.length).toBeGreaterThan(10);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/"token"|password|"hash"|\$scrypt|[0-9a-f]{32}:[0-9a-f]{64,}/i);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
    const body: unknown = JSON.parse(text);
    expect(body).toMatchObject({ user: { email: AGENT.email } });
    // The cookie alone is a session.
    const me = await fetch(`${server.url}/api/auth/get-session`, {
      headers: { cookie: cookieFrom(res) },
    });
    expect(await me.json()).toMatchObject({ user: { email: AGENT.email } });
  }

  for (const signIn of SIGN_INS) {
    it(`${signIn.path}`, async () => {
      await expectCookieOnly(
        await post(signIn.path, { [signIn.field]: signIn.known, password: AGENT.password }),
      );
    });
  }

  it("/sign-in/email-otp", async () => {
    expect(
      (await post("/email-otp/send-verification-otp", { email: AGENT.email, type: "sign-in" }))
        .status,
    ).toBe(200);
    const otp = await latestCode(rt, AGENT.email);
    await expectCookieOnly(await post("/sign-in/email-otp", { email: AGENT.email, otp }));
  });

  it("/phone-number/verify", async () => {
    expect((await post("/phone-number/send-otp", { phoneNumber: AGENT.phone })).status).toBe(200);
    const code = await latestCode(rt, AGENT.phone);
    await expectCookieOnly(await post("/phone-number/verify", { phoneNumber: AGENT.phone, code }));
  });
});

// The lock holds for the address that guessed (decision 0009): every try, and the login page
// afterwards, come from that one address.
describe("30 wrong passwords in a row", () => {
  const GUESSER = "10.77.0.1";

  it("are all refused: 400 until the lock, then 429 ACCOUNT_LOCKED", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await authPost(
        server.url,
        "/sign-in/username",
        { username: "guessed", password: `guess-${i}-pass` },
        { "x-forwarded-for": GUESSER },
      );
      statuses.push(res.status);
      const body = await res.json();
      expect(body).not.toHaveProperty("user");
      expect(res.headers.getSetCookie()).toEqual([]);
      if (i >= LOCKOUT.failures) expect(body).toMatchObject({ code: "ACCOUNT_LOCKED" });
      else expect(body).toEqual(INVALID);
    }
    expect(statuses).toEqual([
      ...Array(LOCKOUT.failures).fill(400),
      ...Array(30 - LOCKOUT.failures).fill(429),
    ]);
  });

  it("and the login page shows the lock", async () => {
    const pages = await startPageServer(rt);
    try {
      const res = await fetch(`${pages.url}/login`, {
        method: "POST",
        headers: { "x-forwarded-for": GUESSER },
        body: new URLSearchParams({ username: "guessed", password: "guessed-password-1" }),
        redirect: "manual",
      });
      expect(res.status).toBe(429);
      expect(await res.text()).toContain(
        "Too many failed sign-ins. This account is locked for 15 more minutes",
      );
    } finally {
      await pages.close();
    }
  });
});

describe("a suspended account", () => {
  it("is refused at /login with the suspension message, only after the right password", async () => {
    const { userId } = await createCompanyWithAgent(rt, {
      company: "Suspended Co",
      username: "suspended",
      password: "orchard-quill-basin-4",
    });
    const ctx = await rt.auth.$context;
    await ctx.internalAdapter.updateUser(userId, { banned: true, banReason: "Left" });
    const pages = await startPageServer(rt);
    try {
      const signIn = (password: string) =>
        fetch(`${pages.url}/login`, {
          method: "POST",
          body: new URLSearchParams({ username: "suspended", password }),
          redirect: "manual",
        });
      const right = await signIn("orchard-quill-basin-4");
      expect(right.status).toBe(403);
      expect(right.headers.getSetCookie().join()).not.toContain("session_token=");
      expect(await right.text()).toContain("This account has been suspended.");
      const wrong = await signIn("not-the-password-9");
      expect(wrong.status).toBe(400);
      const html = await wrong.text();
      expect(html).toContain("Invalid credentials");
      expect(html).not.toContain("suspended.");
    } finally {
      await pages.close();
    }
  });
});
