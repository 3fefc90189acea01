import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  INVITATIONS_PER_ADDRESS,
  INVITATIONS_PER_ADDRESS_ANYWHERE,
  inviteUser,
} from "#server/accounts/invitations.ts";
import { agent_users, invitations, mailOutbox } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// Pending invitations on the users screen, over HTTP: listed for the company's admin, revoked
// behind the admin's company, and a revoked link refused at once.

const world = setUpTestRuntime({ pages: true });
let rt: TestRuntime;
let server: PageServer;
let adminCookie: string;
let rivalCookie: string;

const USERS = "/dashboard/admin/users";

beforeAll(async () => {
  ({ rt, pages: server } = world());
  await createCompanyWithAgent(rt, {
    company: "Pending Co",
    username: "pending-admin",
    password: "pending-admin-pass-1",
    role: "admin",
  });
  await createCompanyWithAgent(rt, {
    company: "Pending Co",
    username: "pending-agent",
    password: "pending-agent-pass-1",
  });
  await createCompanyWithAgent(rt, {
    company: "Pending Co",
    username: "pending-manager",
    password: "pending-manager-pass-1",
  });
  await rt.database.db
    .update(agent_users)
    .set({ role: "manager" })
    .where(eq(agent_users.username, "pending-manager"));
  await createCompanyWithAgent(rt, {
    company: "Rival Pending Co",
    username: "rival-admin",
    password: "rival-admin-pass-1",
    role: "admin",
  });
  adminCookie = await signInCookie(server.url, "pending-admin", "pending-admin-pass-1");
  rivalCookie = await signInCookie(server.url, "rival-admin", "rival-admin-pass-1");
});

const post = (fields: Record<string, string>, cookie?: string) =>
  fetch(`${server.url}${USERS}`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const usersPage = async (cookie: string) =>
  (await fetch(`${server.url}${USERS}`, { headers: { cookie } })).text();

async function invite(email: string, role = "agent"): Promise<string> {
  const sent = await post({ intent: "invite", email, role }, adminCookie);
  expect(sent.status).toBe(200);
  const [row] = await rt.database.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(eq(invitations.email, email));
  if (!row) throw new Error(`no invitation for ${email}`);
  return row.id;
}

async function mailedToken(email: string): Promise<string> {
  const [mail] = await rt.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "invitation")))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  const match = mail?.textBody.match(/accept-invite\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

const invitationRow = async (id: string) =>
  (await rt.database.db.select().from(invitations).where(eq(invitations.id, id)))[0];

describe("pending invitations", () => {
  it("lists a new invitation with its role and inviter, and leaves out expired ones", async () => {
    await invite("listed.person@example.com", "manager");
    const html = await usersPage(adminCookie);
    // The invitation's own row, inside its section: the admin's name is also in the users table.
    const section = html.match(
      /<section aria-labelledby="pending-invitations"[\s\S]*?<\/section>/,
    )?.[0];
    const row = section
      ?.split("<tr")
      .find((tr) => tr.includes("listed.person@example.com"))
      ?.replace(/<[^>]+>/g, "|");
    expect(row).toBeDefined();
    const cells = row?.split("|").filter((cell) => cell.trim() !== "");
    expect(cells).toEqual(expect.arrayContaining(["Manager", "pending-admin"]));

    const expiredId = await invite("expired.person@example.com");
    await rt.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expiredId));
    expect(await usersPage(adminCookie)).not.toContain("expired.person@example.com");
  });

  it("revokes an invitation, and its link is refused at once", async () => {
    const id = await invite("revoked.person@example.com");
    const token = await mailedToken("revoked.person@example.com");
    expect((await fetch(`${server.url}/accept-invite?token=${token}`)).status).toBe(200);

    const revoked = await post(
      { intent: "revoke-invitation", invitationId: id, email: "revoked.person@example.com" },
      adminCookie,
    );
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain("Revoked the invitation to revoked.person@example.com.");
    expect(await invitationRow(id)).toBeUndefined();
    expect(await usersPage(adminCookie)).not.toContain("revoked.person@example.com");

    const page = await fetch(`${server.url}/accept-invite?token=${token}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This invitation link is not valid.");
    const accepted = await fetch(`${server.url}/accept-invite?token=${token}`, {
      method: "POST",
      body: new URLSearchParams({
        token,
        username: "revoked-person",
        password: "revoked-sturdy-pass-9",
        confirmPassword: "revoked-sturdy-pass-9",
      }),
      redirect: "manual",
    });
    expect(accepted.status).toBe(404);
    expect(
      await rt.database.db.$count(agent_users, eq(agent_users.username, "revoked-person")),
    ).toBe(0);

    // Twice is "not found", not a second success.
    const again = await post({ intent: "revoke-invitation", invitationId: id }, adminCookie);
    expect(again.status).toBe(404);
  });

  it("resends an invitation with a new link, and the old link stops working", async () => {
    const id = await invite("resent.person@example.com", "manager");
    const first = await mailedToken("resent.person@example.com");
    const resent = await post(
      { intent: "resend-invitation", invitationId: id, email: "resent.person@example.com" },
      adminCookie,
    );
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain(
      "Sent the invitation to resent.person@example.com again.",
    );
    const second = await mailedToken("resent.person@example.com");
    expect(second).not.toBe(first);
    expect((await fetch(`${server.url}/accept-invite?token=${first}`)).status).toBe(404);
    expect((await fetch(`${server.url}/accept-invite?token=${second}`)).status).toBe(200);
    const rows = await rt.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, "resent.person@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe("manager");
  });

  it("limits invitation mails to one address, Invite and Resend alike, and says when to try again", async () => {
    const email = "flooded.person@example.com";
    await invite(email);
    // Each resend replaces the invitation, so each is asked for by its current id.
    const resend = async () => {
      const [row] = await rt.database.db
        .select({ id: invitations.id })
        .from(invitations)
        .where(eq(invitations.email, email));
      return post({ intent: "resend-invitation", invitationId: row?.id ?? "", email }, adminCookie);
    };
    for (let i = 0; i < INVITATIONS_PER_ADDRESS - 1; i++) expect((await resend()).status).toBe(200);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(
      "Too many invitations to this address. Please try again in 60 minutes.",
    );
    const again = await post({ intent: "invite", email, role: "agent" }, adminCookie);
    expect(again.status).toBe(429);
    const mails = await rt.database.db.$count(
      mailOutbox,
      and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "invitation")),
    );
    expect(mails).toBe(INVITATIONS_PER_ADDRESS);
    // Another address is not held up by it.
    await invite("unflooded.person@example.com");
  });

  it("limits mails to one address from all companies together: opening more companies buys no more", async () => {
    const email = "many.companies@example.com";
    const admins = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const { userId } = await createCompanyWithAgent(rt, {
          company: `Inviting Co ${n}`,
          username: `inviting-admin-${n}`,
          password: `inviting-admin-pass-${n}`,
          role: "admin",
        });
        return userContextFor(rt, { id: userId });
      }),
    );
    const outcomes = [];
    for (const ctx of admins) {
      for (let i = 0; i < INVITATIONS_PER_ADDRESS; i++) {
        outcomes.push(await inviteUser(ctx, { email, role: "agent" }));
      }
    }
    const sent = outcomes.filter((o) => o.ok).length;
    expect(sent).toBe(INVITATIONS_PER_ADDRESS_ANYWHERE);
    expect(outcomes.at(-1)).toMatchObject({ ok: false, kind: "rate_limited" });
    const mails = await rt.database.db.$count(
      mailOutbox,
      and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "invitation")),
    );
    expect(mails).toBe(INVITATIONS_PER_ADDRESS_ANYWHERE);
  });

  it("keeps one pending invitation, with one working link, when it is sent several times at once", async () => {
    // A double-clicked Resend, or two admins: on PostgreSQL these run side by side.
    const email = "double.click@example.com";
    const ctx = await userContextFor(rt, { username: "pending-admin" });
    const sent = await Promise.all(
      Array.from({ length: INVITATIONS_PER_ADDRESS }, () =>
        inviteUser(ctx, { email, role: "agent" }),
      ),
    );
    for (const outcome of sent) expect(outcome.ok).toBe(true);
    const rows = await rt.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, email));
    expect(rows).toHaveLength(1);
    const mails = await rt.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));
    const tokens = mails.map((m) => m.text.match(/accept-invite\?token=([\w-]+)/)?.[1]);
    expect(tokens).toHaveLength(INVITATIONS_PER_ADDRESS);
    const working = [];
    for (const token of tokens) {
      const page = await fetch(`${server.url}/accept-invite?token=${token}`);
      if (page.status === 200) working.push(token);
    }
    expect(working).toHaveLength(1);
  });

  it("refuses a signed-out visitor, an agent and a manager of the same company", async () => {
    const id = await invite("guarded.person@example.com");
    const revoke = { intent: "revoke-invitation", invitationId: id };
    // The admin sees it, so what the others are refused is really there.
    expect(await usersPage(adminCookie)).toContain("guarded.person@example.com");
    const visitorPage = await fetch(`${server.url}${USERS}`, { redirect: "manual" });
    expect(visitorPage.status).toBe(302);
    expect((await post(revoke)).status).toBe(302);
    for (const [username, password] of [
      ["pending-agent", "pending-agent-pass-1"],
      ["pending-manager", "pending-manager-pass-1"],
    ] as const) {
      const cookie = await signInCookie(server.url, username, password);
      const page = await fetch(`${server.url}${USERS}`, { headers: { cookie } });
      expect(page.status, username).toBe(403);
      expect(await page.text(), username).not.toContain("guarded.person@example.com");
      expect((await post(revoke, cookie)).status, username).toBe(403);
      expect(
        (await post({ ...revoke, intent: "resend-invitation" }, cookie)).status,
        username,
      ).toBe(403);
    }
    expect(await invitationRow(id)).toMatchObject({ acceptedAt: null });
  });

  it("keeps another company's admin from listing or revoking them", async () => {
    const id = await invite("private.person@example.com");
    const before = await invitationRow(id);
    expect(await usersPage(rivalCookie)).not.toContain("private.person@example.com");
    const across = await post({ intent: "revoke-invitation", invitationId: id }, rivalCookie);
    expect(across.status).toBe(404);
    expect(await across.text()).toContain("No such invitation in your company.");
    expect(await invitationRow(id)).toEqual(before);
    const resent = await post({ intent: "resend-invitation", invitationId: id }, rivalCookie);
    expect(resent.status).toBe(404);
    expect(await invitationRow(id)).toEqual(before);
    // A malformed id is refused by the schema before any SQL runs.
    const malformed = await post(
      { intent: "revoke-invitation", invitationId: "not-a-uuid" },
      adminCookie,
    );
    expect(malformed.status).toBe(400);
  });
});
