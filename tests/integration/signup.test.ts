import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agent_users, companies } from "#server/db/schema/index.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// Open self sign-up: only with ALLOW_SIGNUP=true, and then it makes a company with its first admin.

const MISSING = "You must provide either an email or phone number and a password";

function pagesWith(env: Record<string, string>) {
  const world = setUpTestRuntime({ env, pages: true });
  const state: { readonly rt?: TestRuntime } = {
    get rt() {
      return world().rt;
    },
  };
  const url = (path: string) => `${world().pages.url}${path}`;
  return {
    state,
    signup: (fields: Record<string, string>) =>
      fetch(url("/signup"), {
        method: "POST",
        body: new URLSearchParams(fields),
        redirect: "manual",
      }),
    get: (path: string, cookie?: string) =>
      fetch(url(path), { headers: cookie ? { cookie } : {}, redirect: "manual" }),
    betterAuthSignUp: () =>
      fetch(url("/api/auth/sign-up/email"), {
        method: "POST",
        headers: { origin: TEST_BASE_URL, "content-type": "application/json" },
        body: JSON.stringify({
          email: "direct@example.com",
          password: "direct-sturdy-pass-3",
          name: "Direct",
          username: "direct",
        }),
      }),
  };
}

const valid = {
  identifier: "Founder@NewCo.example",
  password: "sturdy-harbor-lights-8",
  username: "founder",
  name: "Fay Founder",
  companyName: "NewCo Wireless",
};

describe("with ALLOW_SIGNUP off", () => {
  const t = pagesWith({});
  it("has no /signup page and Better Auth's sign-up refuses", async () => {
    expect((await t.get("/signup")).status).toBe(404);
    expect((await t.signup(valid)).status).toBe(404);
    const direct = await t.betterAuthSignUp();
    expect(direct.ok).toBe(false);
    expect(await t.state.rt?.database.db.$count(agent_users)).toBe(0);
  });
});

describe("with ALLOW_SIGNUP on", () => {
  const t = pagesWith({ ALLOW_SIGNUP: "true" });

  it("asks for an identifier and a password with the spec's message", async () => {
    expect((await t.get("/signup")).status).toBe(200);
    for (const fields of [
      { ...valid, identifier: "" },
      { ...valid, password: "" },
    ]) {
      const res = await t.signup(fields);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(MISSING);
    }
  });

  it("refuses a weak password with its reasons", async () => {
    const res = await t.signup({ ...valid, password: "founder123" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Password must not contain your username");
  });

  it("creates a company whose admin is the person, signed in on /dashboard", async () => {
    const res = await t.signup(valid);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await t.get("/dashboard", cookie)).status).toBe(200);
    expect((await t.get("/dashboard/admin/users", cookie)).status).toBe(200);
    const db = t.state.rt?.database.db;
    const [user] =
      (await db?.select().from(agent_users).where(eq(agent_users.username, "founder"))) ?? [];
    expect(user).toMatchObject({
      role: "admin",
      email: "founder@newco.example",
      company: "NewCo Wireless",
    });
    const [company] =
      (await db
        ?.select()
        .from(companies)
        .where(eq(companies.id, user?.companyId ?? ""))) ?? [];
    expect(company?.name).toBe("NewCo Wireless");

    const taken = await t.signup({
      ...valid,
      identifier: "other@newco.example",
      companyName: "Other Co",
    });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("That username is taken. Choose another.");
  });

  it("refuses a company name that is taken, ignoring case and spacing, and makes no account", async () => {
    const db = t.state.rt?.database.db;
    const before = await db?.$count(agent_users);
    for (const companyName of [
      "newco wireless",
      "  NEWCO   Wireless ",
      "NewCoWireless",
      "New\u200bCo\u00a0Wireless",
    ]) {
      const res = await t.signup({
        ...valid,
        identifier: "copycat@elsewhere.example",
        username: "copycat",
        companyName,
      });
      expect(res.status, companyName).toBe(409);
      const html = await res.text();
      expect(html).toContain(
        "is already on Carrierline. If you work there, ask its administrator to invite you.",
      );
      expect(html).toContain("This company is already on Carrierline.");
    }
    expect(await db?.$count(agent_users)).toBe(before);
    expect(await db?.$count(companies)).toBe(1);
  });

  it("keeps Better Auth's own sign-up closed over HTTP, so no account lacks a company", async () => {
    const direct = await t.betterAuthSignUp();
    expect(direct.status).toBe(403);
    expect(
      await t.state.rt?.database.db.$count(agent_users, eq(agent_users.username, "direct")),
    ).toBe(0);
  });
});
