import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agent_users, invitations, mailOutbox } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// Invitation to first sign-in over HTTP: the real pages, the outbox and the database.

const world = setUpTestRuntime({ pages: true });
let rt: TestRuntime;
let server: PageServer;
let adminCookie: string;
let companyId: string;

beforeAll(async () => {
  ({ rt, pages: server } = world());
  ({ companyId } = await createCompanyWithAgent(rt, {
    company: "Inviting Co",
    username: "inviter",
    password: "inviter-password-1",
    role: "admin",
  }));
  await createCompanyWithAgent(rt, {
    company: "Inviting Co",
    username: "plain-agent",
    password: "plain-agent-pass-1",
  });
  adminCookie = await signInCookie(server.url, "inviter", "inviter-password-1");
});

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const api = (path: string, body: unknown, cookie: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { cookie, origin: TEST_BASE_URL, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** The token in the newest invitation mailed to this address, read from the outbox. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await rt.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "invitation")))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  const match = mail?.textBody.match(/http:\/\/localhost:3999\/accept-invite\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

const accept = (token: string, username: string, password = "my-own-sturdy-pass-5") =>
  post(`/accept-invite?token=${token}`, {
    token,
    username,
    password,
    confirmPassword: password,
  });

describe("invitations", () => {
  it("goes from the invitation to a first sign-in in the inviter's company with the role", async () => {
    const sent = await post(
      "/dashboard/admin/users",
      { intent: "invite", email: "New.Person@Example.com", role: "manager" },
      adminCookie,
    );
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Invitation sent.");
    const token = await mailedToken("new.person@example.com");
    // The email names the company and the inviter's own address, which no other company can
    // borrow (decision 0011).
    const [mail] = await rt.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "new.person@example.com"));
    expect(mail?.subject).toBe("You're invited to Inviting Co on Carrierline");
    expect(mail?.textBody).toContain(
      "inviter (inviter@inviting-co.example) invited you to join Inviting Co on Carrierline as manager.",
    );
    const [stored] = await rt.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, "new.person@example.com"));
    // Only a hash of the token is kept, and it lasts 7 days.
    expect(stored?.tokenHash).not.toContain(token);
    expect((stored?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const page = await fetch(`${server.url}/accept-invite?token=${token}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Inviting Co");
    expect(html).toContain('value="new.person@example.com"');

    const accepted = await accept(token, "New_Person");
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/dashboard");
    const cookie = accepted.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const dashboard = await fetch(`${server.url}/dashboard`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
    const [user] = await rt.database.db
      .select()
      .from(agent_users)
      .where(eq(agent_users.username, "new_person"));
    expect(user).toMatchObject({ companyId, role: "manager", email: "new.person@example.com" });
    expect(await signInCookie(server.url, "new_person", "my-own-sturdy-pass-5")).toContain(
      "session_token",
    );

    // Single use: the same link now explains itself and creates nothing.
    const again = await fetch(`${server.url}/accept-invite?token=${token}`);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This invitation has already been used.");
    const reuse = await accept(token, "someone-else");
    expect(reuse.status).toBe(410);
    expect(await rt.database.db.$count(agent_users, eq(agent_users.username, "someone-else"))).toBe(
      0,
    );
  });

  it("refuses expired and unknown tokens with a way to sign in", async () => {
    const unknown = await fetch(`${server.url}/accept-invite?token=not-a-real-token`);
    expect(unknown.status).toBe(404);
    const text = await unknown.text();
    expect(text).toContain("This invitation link is not valid.");
    expect(text).toContain('href="/login"');

    await api("/api/admin/users/invite", { email: "late@example.com" }, adminCookie);
    const token = await mailedToken("late@example.com");
    await rt.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, "late@example.com"));
    const page = await fetch(`${server.url}/accept-invite?token=${token}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This invitation has expired.");
    expect((await accept(token, "late-person")).status).toBe(410);
    expect(
      await rt.database.db.$count(agent_users, eq(agent_users.email, "late@example.com")),
    ).toBe(0);
  });

  it("replaces an earlier pending invitation to the same email", async () => {
    await api("/api/admin/users/invite", { email: "twice@example.com" }, adminCookie);
    const first = await mailedToken("twice@example.com");
    await api(
      "/api/admin/users/invite",
      { email: "twice@example.com", role: "admin" },
      adminCookie,
    );
    const second = await mailedToken("twice@example.com");
    expect(second).not.toBe(first);
    expect((await fetch(`${server.url}/accept-invite?token=${first}`)).status).toBe(404);
    expect(
      await rt.database.db.$count(invitations, eq(invitations.email, "twice@example.com")),
    ).toBe(1);
  });

  it("refuses a weak password with its reasons and a taken username, and keeps the invitation", async () => {
    await api("/api/admin/users/invite", { email: "careful@example.com" }, adminCookie);
    const token = await mailedToken("careful@example.com");
    const weak = await accept(token, "careful", "password");
    expect(weak.status).toBe(400);
    const html = await weak.text();
    expect(html).toContain("Choose a stronger password:");
    expect(html).toContain("Password is too common");
    const containsName = await accept(token, "careful", "careful-is-my-name-9");
    expect(await containsName.text()).toContain("Password must not contain your username");
    const taken = await accept(token, "plain-agent");
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("That username is taken. Choose another.");
    const mismatch = await post(`/accept-invite?token=${token}`, {
      token,
      username: "careful",
      password: "my-own-sturdy-pass-5",
      confirmPassword: "something-else-5",
    });
    expect(await mismatch.text()).toContain("Passwords do not match");
    expect(
      await rt.database.db.$count(agent_users, eq(agent_users.email, "careful@example.com")),
    ).toBe(0);
    // Nothing was spent: the right answer still works.
    expect((await accept(token, "careful")).status).toBe(302);
  });

  it("creates one account when the same invitation is accepted twice at once", async () => {
    await api("/api/admin/users/invite", { email: "racer@example.com" }, adminCookie);
    const token = await mailedToken("racer@example.com");
    const answers = await Promise.all([
      accept(token, "racer-one"),
      accept(token, "racer-two"),
      accept(token, "racer-three"),
    ]);
    expect(answers.filter((a) => a.status === 302)).toHaveLength(1);
    expect(
      await rt.database.db.$count(agent_users, eq(agent_users.email, "racer@example.com")),
    ).toBe(1);
  });

  it("refuses an invitation for an email that already has an account in the company, and lets only admins invite", async () => {
    const existing = await api(
      "/api/admin/users/invite",
      { email: "plain-agent@inviting-co.example" },
      adminCookie,
    );
    expect(existing.status).toBe(409);
    expect(await existing.json()).toEqual({ error: "An account with this email already exists." });
    const agent = await signInCookie(server.url, "plain-agent", "plain-agent-pass-1");
    expect((await api("/api/admin/users/invite", { email: "x@example.com" }, agent)).status).toBe(
      403,
    );
    const page = await post(
      "/dashboard/admin/users",
      { intent: "invite", email: "x@example.com" },
      agent,
    );
    expect(page.status).toBe(403);
    const visitor = await post("/dashboard/admin/users", {
      intent: "invite",
      email: "x@example.com",
    });
    expect(visitor.status).toBe(302);
    // The waitlist screen no longer invites anyone into a company (decision 0011): it has no
    // action, and the request edge answers a post to it with 405 (decision 0013).
    const fromWaitlist = await post(
      "/dashboard/admin/waitlist",
      { email: "x@example.com", role: "agent" },
      adminCookie,
    );
    expect(fromWaitlist.status).toBe(405);
    expect(await rt.database.db.$count(invitations, eq(invitations.email, "x@example.com"))).toBe(
      0,
    );
  });

  it("answers an invitation to another company's person exactly as any other, and tells the owner instead", async () => {
    const { companyId: rivalId } = await createCompanyWithAgent(rt, {
      company: "Rival Wireless",
      username: "rival-agent",
      password: "rival-agent-pass-1",
    });
    const taken = "rival-agent@rival-wireless.example";
    const fresh = "nobody-yet@fresh-people.example";
    const sentTo = async (email: string) => {
      const res = await api("/api/admin/users/invite", { email, role: "agent" }, adminCookie);
      const body = await res.json();
      return { status: res.status, keys: Object.keys(body).sort(), email: body.email };
    };
    const toTaken = await sentTo(taken);
    const toFresh = await sentTo(fresh);
    expect(toTaken).toEqual({ ...toFresh, email: taken });
    expect(toTaken.status).toBe(201);
    // The users screen's answer, byte for byte, whoever the address belongs to.
    const screen = async (email: string) => {
      const res = await post(
        "/dashboard/admin/users.data",
        { intent: "invite", email },
        adminCookie,
      );
      return { status: res.status, body: await res.text() };
    };
    const screenTaken = await screen(taken);
    expect(screenTaken).toEqual(await screen("someone-else@fresh-people.example"));
    expect(screenTaken.body).toContain("Invitation sent.");

    // No invitation can be accepted for a taken address; its owner hears of it, filed under
    // their own company, and nothing of it reaches the inviting company's outbox.
    expect(await rt.database.db.$count(invitations, eq(invitations.email, taken))).toBe(0);
    const notices = await rt.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, taken));
    expect(notices.length).toBe(2);
    for (const notice of notices) {
      expect(notice).toMatchObject({ companyId: rivalId, template: "invitation-existing-account" });
      expect(notice.textBody).toContain(
        "inviter (inviter@inviting-co.example) invited you to join Inviting Co on Carrierline.",
      );
    }
    const outbox = await (
      await fetch(`${server.url}/dashboard/admin/outbox`, { headers: { cookie: adminCookie } })
    ).text();
    expect(outbox).toContain(fresh);
    expect(outbox).not.toContain(taken);
  });

  it("creates no account for another company's address, and says so without naming an account", async () => {
    const create = (email: string, username: string) =>
      api(
        "/api/admin/users",
        { username, email, name: "Copy", password: "copy-sturdy-pass-55" },
        adminCookie,
      );
    const elsewhere = await create("rival-agent@rival-wireless.example", "copy-one");
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.json()).toEqual({
      error:
        "This email address cannot be used for a new account here. Invite the person by email instead.",
    });
    // Within one's own company the plain answer stays.
    const own = await create("plain-agent@inviting-co.example", "copy-two");
    expect(own.status).toBe(409);
    expect(await own.json()).toEqual({ error: "An account with this email already exists." });
  });
});

describe("the users screen", () => {
  it("is for admins only, page and actions alike, and acts only within the company", async () => {
    expect(
      (await fetch(`${server.url}/dashboard/admin/users`, { redirect: "manual" })).status,
    ).toBe(302);
    expect(
      (await post("/dashboard/admin/users", { intent: "invite", email: "v@example.com" })).status,
    ).toBe(302);
    const agent = await signInCookie(server.url, "plain-agent", "plain-agent-pass-1");
    const page = await fetch(`${server.url}/dashboard/admin/users`, { headers: { cookie: agent } });
    expect(page.status).toBe(403);
    const [plain] = await rt.database.db
      .select()
      .from(agent_users)
      .where(eq(agent_users.username, "plain-agent"));
    const byAgent = await post(
      "/dashboard/admin/users",
      { intent: "ban", userId: plain?.id ?? "" },
      agent,
    );
    expect(byAgent.status).toBe(403);

    const { userId: outsider } = await createCompanyWithAgent(rt, {
      company: "Elsewhere Inc",
      username: "outsider",
      password: "outsider-pass-77",
    });
    const across = await post(
      "/dashboard/admin/users",
      { intent: "ban", userId: outsider, reason: "x" },
      adminCookie,
    );
    expect(across.status).toBe(404);
    const listed = await (
      await fetch(`${server.url}/dashboard/admin/users`, { headers: { cookie: adminCookie } })
    ).text();
    expect(listed).toContain("plain-agent");
    expect(listed).not.toContain("outsider");

    const banned = await post(
      "/dashboard/admin/users",
      { intent: "ban", userId: plain?.id ?? "", username: "plain-agent", reason: "Testing" },
      adminCookie,
    );
    expect(banned.status).toBe(200);
    expect(await banned.text()).toContain("Banned plain-agent and ended their sessions.");
    expect(
      (await fetch(`${server.url}/dashboard`, { headers: { cookie: agent }, redirect: "manual" }))
        .status,
    ).toBe(302);
    const [outsiderRow] = await rt.database.db
      .select()
      .from(agent_users)
      .where(eq(agent_users.id, outsider));
    expect(outsiderRow?.banned).not.toBe(true);
  });
});
