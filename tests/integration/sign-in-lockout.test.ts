import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCKOUT } from "#server/auth/sign-in-lockout.ts";
import { createCompanyWithAgent, signInRequest } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { startPageServer } from "./helpers/pages.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

const world = setUpTestRuntime({ api: true });
let rt: TestRuntime;
let server: TestServer;
let address = 0;

beforeAll(async () => {
  ({ rt, api: server } = world());
  await createCompanyWithAgent(rt, {
    company: "Lock Co",
    username: "locky",
    password: "locky-password-1",
  });
  await createCompanyWithAgent(rt, {
    company: "Other Co",
    username: "steady",
    password: "steady-password-1",
  });
});

/** Each attempt from a new address: the per-address limit must not be what stops them. */
const signIn = (username: string, password: string) =>
  signInRequest(server.url, username, password, {
    "x-forwarded-for": `10.9.${Math.floor(++address / 250)}.${address % 250}`,
  });

describe("per-account lockout", () => {
  it("answers 30 wrong passwords with refusals only, and locks the account after 10", async () => {
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await signIn("locky", `wrong-guess-${i}`);
      statuses.push(res.status);
      bodies.push(await res.json());
      expect(
        res.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token=")),
      ).toBe(false);
    }
    // Ten wrong passwords are refused as wrong; from then on the account is locked.
    expect(statuses.slice(0, LOCKOUT.failures)).toEqual(Array(LOCKOUT.failures).fill(400));
    expect(statuses.slice(LOCKOUT.failures)).toEqual(Array(30 - LOCKOUT.failures).fill(429));
    expect(bodies[LOCKOUT.failures]).toMatchObject({
      code: "ACCOUNT_LOCKED",
      message: expect.stringContaining("This account is locked for 15 more minutes"),
    });
    // The right password does not open a locked account either.
    const right = await signIn("locky", "locky-password-1");
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ code: "ACCOUNT_LOCKED" });
  });

  it("locks only the account that was guessed at", async () => {
    expect((await signIn("steady", "steady-password-1")).status).toBe(200);
  });

  it("a success ends a run of failures", async () => {
    for (let i = 0; i < LOCKOUT.failures - 1; i++) await signIn("steady", "not-the-password");
    expect((await signIn("steady", "steady-password-1")).status).toBe(200);
    for (let i = 0; i < LOCKOUT.failures - 1; i++) await signIn("steady", "not-the-password");
    expect((await signIn("steady", "steady-password-1")).status).toBe(200);
  });

  it("treats a name that has no account the same way", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOCKOUT.failures + 1; i++)
      statuses.push((await signIn("nobody_here", "x-password-1")).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, LOCKOUT.failures).every((s) => s === 400)).toBe(true);
  });
});

describe("the login page", () => {
  let pages: PageServer;
  beforeAll(async () => {
    await createCompanyWithAgent(rt, {
      company: "Page Co",
      username: "pagelock",
      password: "pagelock-password-1",
    });
    pages = await startPageServer(rt);
  });
  afterAll(async () => {
    await pages?.close();
  });

  const submit = (password: string) =>
    fetch(`${pages.url}/login`, {
      method: "POST",
      headers: { "x-forwarded-for": `10.8.${Math.floor(++address / 250)}.${address % 250}` },
      body: new URLSearchParams({ username: "pagelock", password }),
      redirect: "manual",
    });

  it("says 'Invalid credentials' ten times, then shows the lock", async () => {
    for (let i = 0; i < LOCKOUT.failures; i++) {
      const res = await submit(`wrong-${i}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Invalid credentials");
    }
    const locked = await submit("pagelock-password-1");
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain(
      "Too many failed sign-ins. This account is locked for 15 more minutes",
    );
  });
});
