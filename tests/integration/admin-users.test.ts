import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agent_users, mailOutbox } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie, signInRequest } from "./helpers/accounts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The admin users API over HTTP on a real database: company scoping, roles, bans, sessions, links.

const OPERATOR_ADDRESS = "ops@platform.example";
const world = setUpTestRuntime({ api: true, env: { PLATFORM_OPERATORS: OPERATOR_ADDRESS } });
let rt: TestRuntime;
let server: TestServer;
const ids: Record<string, string> = {};

const PASSWORDS: Record<string, string> = {
  "alpha-admin": "alpha-admin-pass-1",
  "alpha-agent": "alpha-agent-pass-1",
  "alpha-target": "alpha-target-pass-1",
  "beta-admin": "beta-admin-pass-1",
  "beta-agent": "beta-agent-pass-1",
};

beforeAll(async () => {
  ({ rt, api: server } = world());
  for (const [username, password] of Object.entries(PASSWORDS)) {
    const company = username.startsWith("alpha") ? "Alpha Wireless" : "Beta Mobile";
    const role = username.endsWith("admin") ? "admin" : "agent";
    ({ userId: (ids[username] as string) } = await createCompanyWithAgent(rt, {
      company,
      username,
      password,
      role,
    }));
  }
});

// Sign-ins are rate limited per address (20 a minute): the admins' sessions are reused.
const kept = new Map<string, string>();
async function cookieOf(username: string) {
  const known = kept.get(username);
  if (known && username.endsWith("admin")) return known;
  const cookie = await signInCookie(server.url, username, PASSWORDS[username] ?? "");
  kept.set(username, cookie);
  return cookie;
}

function call(method: string, path: string, cookie?: string, body?: unknown) {
  const headers: Record<string, string> = { origin: TEST_BASE_URL };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    redirect: "manual",
  });
}

const userRow = async (id: string) =>
  (await rt.database.db.select().from(agent_users).where(eq(agent_users.id, id)))[0];

/** Every route of the API, aimed at a user of company Alpha. */
const routes = (target: string): [string, string, unknown?][] => [
  ["GET", "/api/admin/users"],
  [
    "POST",
    "/api/admin/users",
    { username: "x-new", email: "x@x.example", name: "X", password: "a-long-enough-pass-9" },
  ],
  ["POST", "/api/admin/users/invite", { email: "invitee@x.example" }],
  ["PATCH", `/api/admin/users/${target}/role`, { role: "admin" }],
  ["POST", `/api/admin/users/${target}/ban`, { reason: "x" }],
  ["POST", `/api/admin/users/${target}/unban`],
  ["DELETE", `/api/admin/users/${target}`],
  ["GET", `/api/admin/users/${target}/factors`],
  ["POST", `/api/admin/users/${target}/revoke-sessions`],
  ["POST", `/api/admin/users/${target}/link`, { kind: "sign-in" }],
];

describe("who may use the admin users API", () => {
  it("answers 401 to a visitor and 403 to an agent or a manager on every route", async () => {
    const agent = await cookieOf("alpha-agent");
    for (const [method, path, body] of routes(ids["alpha-target"] ?? "")) {
      expect((await call(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, agent, body)).status, `${method} ${path}`).toBe(403);
    }
    const target = await userRow(ids["alpha-target"] ?? "");
    expect(target?.banned).not.toBe(true);
    expect(target?.role).toBe("agent");
  });

  it("closes Better Auth's cross-company admin endpoints over HTTP, to admins too", async () => {
    const admin = await cookieOf("alpha-admin");
    const attempts: [string, string, unknown?][] = [
      ["GET", "/api/auth/admin/list-users"],
      ["GET", `/api/auth/admin/get-user?id=${ids["beta-agent"]}`],
      ["POST", "/api/auth/admin/set-role", { userId: ids["beta-agent"], role: "admin" }],
      ["POST", "/api/auth/admin/ban-user", { userId: ids["beta-agent"] }],
      ["POST", "/api/auth/admin/remove-user", { userId: ids["beta-agent"] }],
      ["POST", "/api/auth/admin/revoke-user-sessions", { userId: ids["beta-agent"] }],
      ["POST", "/api/auth/admin/impersonate-user", { userId: ids["beta-agent"] }],
      [
        "POST",
        "/api/auth/admin/set-user-password",
        { userId: ids["beta-agent"], newPassword: "hijacked-password-77" },
      ],
      [
        "POST",
        "/api/auth/admin/create-user",
        { email: "e@e.example", name: "E", password: "a-long-enough-pass-9" },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, admin, body);
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(await res.json())).not.toContain("beta-agent@");
    }
    // The Better Auth hook refuses them even when the path is spelled so our route misses it.
    const sneaky = await call("GET", "/api/auth//admin/list-users", admin);
    expect([403, 404]).toContain(sneaky.status);
    expect(await sneaky.text()).not.toContain("beta-agent@");
    const beta = await userRow(ids["beta-agent"] ?? "");
    expect(beta?.role).toBe("agent");
    expect(beta?.banned).not.toBe(true);
    expect((await signInRequest(server.url, "beta-agent", PASSWORDS["beta-agent"] ?? "")).ok).toBe(
      true,
    );
  });

  it("never lets one company's admin see or change another company's users", async () => {
    const beta = await cookieOf("beta-admin");
    const list = await (await call("GET", "/api/admin/users?q=alpha", beta)).json();
    expect(list.total).toBe(0);
    const all = await (await call("GET", "/api/admin/users", beta)).json();
    expect(all.rows.map((r: { username: string }) => r.username).sort()).toEqual([
      "beta-admin",
      "beta-agent",
    ]);
    for (const [method, path, body] of routes(ids["alpha-target"] ?? "").slice(3)) {
      const res = await call(method, path, beta, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const target = await userRow(ids["alpha-target"] ?? "");
    expect(target?.banned).not.toBe(true);
    expect(target?.role).toBe("agent");
    expect(
      await signInCookie(server.url, "alpha-target", PASSWORDS["alpha-target"] ?? ""),
    ).toContain("session_token");
  });
});

describe("listing", () => {
  it("lists the company's users 20 a page, with role, status and factors, and searches", async () => {
    for (let i = 0; i < 21; i++) {
      await createCompanyWithAgent(rt, {
        company: "Alpha Wireless",
        username: `alpha-bulk-${String(i).padStart(2, "0")}`,
        password: "alpha-bulk-pass-1",
      });
    }
    const admin = await cookieOf("alpha-admin");
    const first = await (await call("GET", "/api/admin/users", admin)).json();
    expect(first.rows).toHaveLength(20);
    expect(first.total).toBe(24);
    expect(first.pages).toBe(2);
    const second = await (await call("GET", "/api/admin/users?page=2", admin)).json();
    expect(second.rows).toHaveLength(4);
    const found = await (await call("GET", "/api/admin/users?q=ALPHA-AGENT", admin)).json();
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]).toMatchObject({
      username: "alpha-agent",
      role: "agent",
      banned: false,
      factors: { totp: false, phone: false },
    });
    expect(found.rows[0].lastSignInAt).not.toBeNull();
    const byEmail = await (
      await call("GET", "/api/admin/users?q=alpha-wireless.example", admin)
    ).json();
    expect(byEmail.total).toBe(24);
    expect(JSON.stringify(first)).not.toMatch(/password|token/i);
  });

  it("sorts by the column the admin chose, either way; roles by rank, never signed in last", async () => {
    const admin = await cookieOf("alpha-admin");
    type Row = { username: string; email: string; role: string; lastSignInAt: string | null };
    const list = async (query: string): Promise<Row[]> =>
      (await (await call("GET", `/api/admin/users?${query}`, admin)).json()).rows;
    const emails = (await list("sort=email&dir=desc")).map((r) => r.email);
    expect(emails[0]).toBe("alpha-target@alpha-wireless.example");
    expect([...emails].sort().reverse()).toEqual(emails);
    const byRole = await list("sort=role&dir=desc");
    expect(byRole[0]).toMatchObject({ username: "alpha-admin", role: "admin" });
    expect((await list("sort=role&dir=asc")).at(-1)?.role).toBe("agent");
    for (const dir of ["asc", "desc"]) {
      const bySignIn = await list(`sort=lastSignIn&dir=${dir}`);
      const signedIn = bySignIn.filter((r) => r.lastSignInAt !== null).length;
      expect(signedIn).toBeGreaterThanOrEqual(2);
      // Those who signed in come first both ways; the rest follow by username.
      expect(bySignIn.slice(0, signedIn).every((r) => r.lastSignInAt !== null)).toBe(true);
      const rest = bySignIn.slice(signedIn).map((r) => r.username);
      expect([...rest].sort()).toEqual(rest);
    }
    const fallback = (await list("sort=password&dir=sideways")).map((r) => r.username);
    expect(fallback[0]).toBe("alpha-admin");
    expect([...fallback].sort()).toEqual(fallback);
  });

  it("reads a user's factors", async () => {
    const admin = await cookieOf("alpha-admin");
    const res = await call("GET", `/api/admin/users/${ids["alpha-agent"]}/factors`, admin);
    expect(await res.json()).toEqual({ totp: false, phone: false });
  });
});

describe("creating and changing users", () => {
  it("creates a user in the admin's company with the policy applied", async () => {
    const admin = await cookieOf("alpha-admin");
    const weak = await call("POST", "/api/admin/users", admin, {
      username: "alpha-new",
      email: "alpha-new@alpha.example",
      name: "New Person",
      password: "password",
    });
    expect(weak.status).toBe(400);
    const refusal = await weak.json();
    expect(refusal.reasons).toContain(
      "Password is too common; choose one that is not on lists of common passwords",
    );
    const created = await call("POST", "/api/admin/users", admin, {
      username: "Alpha-New",
      email: "alpha-new@alpha.example",
      name: "New Person",
      role: "manager",
      password: "sturdy-horse-battery-7",
    });
    expect(created.status).toBe(201);
    const again = await call("POST", "/api/admin/users", admin, {
      username: "alpha-new",
      email: "other@alpha.example",
      name: "Other",
      password: "sturdy-horse-battery-7",
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("That username is taken. Choose another.");

    const cookie = await signInCookie(server.url, "alpha-new", "sturdy-horse-battery-7");
    const me = await (await call("GET", "/api/auth/get-session", cookie)).json();
    const alphaAdmin = await userRow(ids["alpha-admin"] ?? "");
    expect(me.user).toMatchObject({ role: "manager", companyId: alphaAdmin?.companyId });
    // A manager is no admin (yet).
    expect((await call("GET", "/api/admin/users", cookie)).status).toBe(403);
  });

  it("changes roles, but never an admin's own", async () => {
    const admin = await cookieOf("alpha-admin");
    const agent = await cookieOf("alpha-agent");
    expect((await call("GET", "/api/admin/users", agent)).status).toBe(403);
    const promoted = await call("PATCH", `/api/admin/users/${ids["alpha-agent"]}/role`, admin, {
      role: "admin",
    });
    expect(promoted.status).toBe(200);
    // The role change applies to the agent's live session at once.
    expect((await call("GET", "/api/admin/users", agent)).status).toBe(200);
    await call("PATCH", `/api/admin/users/${ids["alpha-agent"]}/role`, admin, { role: "agent" });
    expect((await call("GET", "/api/admin/users", agent)).status).toBe(403);

    const bogus = await call("PATCH", `/api/admin/users/${ids["alpha-agent"]}/role`, admin, {
      role: "owner",
    });
    expect(bogus.status).toBe(400);
    const self = await call("PATCH", `/api/admin/users/${ids["alpha-admin"]}/role`, admin, {
      role: "agent",
    });
    expect(self.status).toBe(400);
    expect((await userRow(ids["alpha-admin"] ?? ""))?.role).toBe("admin");
  });

  it("bans: the user's sessions end at once and they cannot sign in until unbanned", async () => {
    const admin = await cookieOf("alpha-admin");
    const victim = await cookieOf("alpha-target");
    // Used once, so this process has the session cached.
    expect((await call("GET", "/api/notifications", victim)).status).toBe(200);
    const banned = await call("POST", `/api/admin/users/${ids["alpha-target"]}/ban`, admin, {
      reason: "Left the company",
    });
    expect(banned.status).toBe(200);
    expect((await call("GET", "/api/notifications", victim)).status).toBe(401);
    const attempt = await signInRequest(
      server.url,
      "alpha-target",
      PASSWORDS["alpha-target"] ?? "",
    );
    expect(attempt.ok).toBe(false);
    const body = await attempt.json();
    expect(body.code).toBe("BANNED_USER");
    expect(body.message).toContain("This account has been suspended");
    const list = await (await call("GET", "/api/admin/users?q=alpha-target", admin)).json();
    expect(list.rows[0]).toMatchObject({ banned: true, banReason: "Left the company" });

    const selfBan = await call("POST", `/api/admin/users/${ids["alpha-admin"]}/ban`, admin, {});
    expect(selfBan.status).toBe(400);

    expect(
      (await call("POST", `/api/admin/users/${ids["alpha-target"]}/unban`, admin)).status,
    ).toBe(200);
    expect(
      (await signInRequest(server.url, "alpha-target", PASSWORDS["alpha-target"] ?? "")).ok,
    ).toBe(true);
  });

  it("revokes every session of a user, refused at once", async () => {
    const admin = await cookieOf("alpha-admin");
    const one = await cookieOf("alpha-target");
    const two = await cookieOf("alpha-target");
    for (const c of [one, two])
      expect((await call("GET", "/api/notifications", c)).status).toBe(200);
    const res = await call(
      "POST",
      `/api/admin/users/${ids["alpha-target"]}/revoke-sessions`,
      admin,
    );
    expect(res.status).toBe(200);
    for (const c of [one, two])
      expect((await call("GET", "/api/notifications", c)).status).toBe(401);
  });

  it("a sign-in link still asks a person with a second factor for their code", async () => {
    const admin = await cookieOf("alpha-admin");
    const ctx = await rt.auth.$context;
    await ctx.internalAdapter.updateUser(ids["alpha-target"] ?? "", { twoFactorEnabled: true });
    try {
      const made = await call("POST", `/api/admin/users/${ids["alpha-target"]}/link`, admin, {
        kind: "sign-in",
      });
      const { url } = await made.json();
      const used = await call("GET", url.replace(TEST_BASE_URL, ""));
      expect(used.status).toBe(302);
      expect(used.headers.get("location")).toBe("/login/two-factor");
      const cookies = used.headers.getSetCookie();
      expect(cookies.join()).toContain("two_factor=");
      const cookie = cookies.map((c) => c.split(";")[0]).join("; ");
      // No session came of the link alone.
      expect((await call("GET", "/api/notifications", cookie)).status).toBe(401);
    } finally {
      await ctx.internalAdapter.updateUser(ids["alpha-target"] ?? "", { twoFactorEnabled: false });
    }
  });

  it("makes a sign-in link and a recovery link that each work once and are not mailed", async () => {
    const admin = await cookieOf("alpha-admin");
    const mailsBefore = await rt.database.db.$count(mailOutbox);
    const signIn = await call("POST", `/api/admin/users/${ids["alpha-target"]}/link`, admin, {
      kind: "sign-in",
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("cache-control")).toBe("no-store");
    const { url } = await signIn.json();
    expect(url).toMatch(/^http:\/\/localhost:3999\/api\/auth\/magic-link\/verify\?token=/);
    const path = url.replace(TEST_BASE_URL, "");
    const used = await call("GET", path);
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe(`${TEST_BASE_URL}/dashboard`);
    const cookie = used.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await (await call("GET", "/api/auth/get-session", cookie)).json();
    expect(me.user.username).toBe("alpha-target");
    const reused = await call("GET", path);
    expect(reused.headers.get("location")).toContain("error=INVALID_TOKEN");
    expect(reused.headers.getSetCookie().join()).not.toContain("session_token=");

    const recovery = await call("POST", `/api/admin/users/${ids["alpha-target"]}/link`, admin, {
      kind: "recovery",
    });
    const { url: resetUrl } = await recovery.json();
    const landing = await call("GET", resetUrl.replace(TEST_BASE_URL, ""));
    expect(landing.status).toBe(302);
    const token = new URL(landing.headers.get("location") ?? "").searchParams.get("token");
    expect(token).toBeTruthy();
    const reset = () =>
      call("POST", "/api/auth/reset-password", undefined, {
        token,
        newPassword: "fresh-recovered-pass-4",
      });
    expect((await reset()).status).toBe(200);
    expect((await reset()).status).toBe(400);
    PASSWORDS["alpha-target"] = "fresh-recovered-pass-4";
    expect((await signInRequest(server.url, "alpha-target", "fresh-recovered-pass-4")).ok).toBe(
      true,
    );
    expect(await rt.database.db.$count(mailOutbox)).toBe(mailsBefore);
  });

  it("makes no link for an admin or a platform operator: a link is the account", async () => {
    const admin = await cookieOf("alpha-admin");
    const peer = await call("POST", "/api/admin/users", admin, {
      username: "alpha-admin-two",
      email: "admin-two@alpha.example",
      name: "Second Admin",
      role: "admin",
      password: "sturdy-horse-battery-7",
    });
    expect(peer.status).toBe(201);
    const { id: peerId } = await peer.json();
    const operator = await userRow(ids["alpha-agent"] ?? "");
    await rt.database.db
      .update(agent_users)
      .set({ platformOperator: true })
      .where(eq(agent_users.id, ids["alpha-agent"] ?? ""));
    try {
      for (const target of [peerId, ids["alpha-admin"], ids["alpha-agent"]]) {
        for (const kind of ["sign-in", "recovery"]) {
          const res = await call("POST", `/api/admin/users/${target}/link`, admin, { kind });
          expect(res.status, `${kind} for ${target}`).toBe(403);
          const body = await res.json();
          expect(body.error).toBe(
            "Links are for agents and managers. An admin signs in and recovers their account from the sign-in page.",
          );
          expect(JSON.stringify(body)).not.toContain("token=");
        }
      }
    } finally {
      await rt.database.db
        .update(agent_users)
        .set({ platformOperator: operator?.platformOperator ?? false })
        .where(eq(agent_users.id, ids["alpha-agent"] ?? ""));
    }
  });

  it("cannot make a platform operator: an operator's address is refused, and a typed address is not verified", async () => {
    const admin = await cookieOf("alpha-admin");
    const taken = await call("POST", "/api/admin/users", admin, {
      username: "alpha-ops",
      email: "OPS@platform.example",
      name: "Not An Operator",
      password: "sturdy-horse-battery-7",
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toBe(
      "This email address cannot be used for a new account here. Invite the person by email instead.",
    );
    expect(await rt.database.db.$count(agent_users, eq(agent_users.username, "alpha-ops"))).toBe(0);

    // Any other address an admin types stays unverified until its holder uses a mailed link.
    const typed = await call("POST", "/api/admin/users", admin, {
      username: "alpha-typed",
      email: "typed@alpha.example",
      name: "Typed Address",
      password: "sturdy-horse-battery-7",
    });
    expect(typed.status).toBe(201);
    const row = await userRow((await typed.json()).id);
    expect(row?.emailVerified).toBe(false);
    const cookie = await signInCookie(server.url, "alpha-typed", "sturdy-horse-battery-7");
    const me = await (await call("GET", "/api/auth/get-session", cookie)).json();
    expect(me.user.platformOperator).not.toBe(true);
  });

  it("deletes a user, never the admin themselves", async () => {
    const admin = await cookieOf("alpha-admin");
    const self = await call("DELETE", `/api/admin/users/${ids["alpha-admin"]}`, admin);
    expect(self.status).toBe(400);
    const victim = await cookieOf("alpha-target");
    expect((await call("DELETE", `/api/admin/users/${ids["alpha-target"]}`, admin)).status).toBe(
      200,
    );
    expect(await userRow(ids["alpha-target"] ?? "")).toBeUndefined();
    expect((await call("GET", "/api/notifications", victim)).status).toBe(401);
    expect(
      (await signInRequest(server.url, "alpha-target", PASSWORDS["alpha-target"] ?? "")).ok,
    ).toBe(false);
  });
});
