import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import {
  type AcceptInviteInput,
  INVITATION_PROBLEMS,
  type InviteInput,
  ROLE_LABELS,
  roleSchema,
  type UserRole,
} from "#app/lib/schemas/users.ts";
import { passwordProblems, weakPasswordMessage } from "#server/auth/password-policy.ts";
import type { Database } from "#server/db/client.ts";
import { agent_users, companies, invitations } from "#server/db/schema/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { done, type Outcome, refuse, viaAuth } from "./outcome.ts";
import { type SessionUser, signInWithUsername } from "./session.ts";

export const INVITATION_DAYS = 7;

/** Only this hash is stored: a copy of the database cannot be turned into working links. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function companyName(db: Database, companyId: string): Promise<string> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.name ?? "your company";
}

async function emailHasAccount(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: agent_users.id })
    .from(agent_users)
    .where(sql`lower(${agent_users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export type SentInvitation = { email: string; role: UserRole; expiresAt: Date };

/**
 * Invites a person into the inviter's company: a fresh single-use token good for 7 days, mailed as
 * a link to /accept-invite. Inviting the same email again revokes the earlier pending invitation.
 */
export async function inviteUser(
  runtime: Pick<Runtime, "database" | "mailer" | "config">,
  inviter: SessionUser,
  input: InviteInput,
): Promise<Outcome<SentInvitation>> {
  const { db } = runtime.database;
  const email = input.email.toLowerCase();
  if (await emailHasAccount(db, email)) {
    return refuse("conflict", "An account with this email already exists.");
  }
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.companyId, inviter.companyId),
          sql`lower(${invitations.email}) = ${email}`,
          isNull(invitations.acceptedAt),
        ),
      );
    await tx.insert(invitations).values({
      companyId: inviter.companyId,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: inviter.id,
      expiresAt,
    });
  });
  const company = await companyName(db, inviter.companyId);
  const url = `${runtime.config.baseUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  await runtime.mailer.send({
    to: email,
    template: "invitation",
    companyId: inviter.companyId,
    subject: `You're invited to ${company} on Carrierline`,
    text: [
      `${inviter.name || inviter.username} invited you to join ${company} on Carrierline as ${ROLE_LABELS[input.role].toLowerCase()}.`,
      "",
      `Choose your username and password here: ${url}`,
      "",
      `The link works once and expires in ${INVITATION_DAYS} days.`,
      "If you did not expect this, you can ignore this message.",
    ].join("\n"),
  });
  return done({ email, role: input.role, expiresAt });
}

export type InvitationView =
  | { status: "valid"; email: string; role: UserRole; company: string; expiresAt: Date }
  | { status: "used" | "expired" | "unknown" };

/** What /accept-invite shows for a token; never more than the company and the invited email. */
export async function findInvitation(db: Database, token: string): Promise<InvitationView> {
  if (token === "") return { status: "unknown" };
  const [row] = await db
    .select({
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      company: companies.name,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(eq(invitations.tokenHash, hashToken(token)));
  if (!row) return { status: "unknown" };
  if (row.acceptedAt) return { status: "used" };
  if (row.expiresAt.getTime() <= Date.now()) return { status: "expired" };
  const role = roleSchema.safeParse(row.role);
  return {
    status: "valid",
    email: row.email,
    role: role.success ? role.data : "agent",
    company: row.company,
    expiresAt: row.expiresAt,
  };
}

export type AcceptResult =
  | { ok: true; headers: Headers; signedIn: true }
  /** The account exists but signing in failed (a rate limit): the person signs in at /login. */
  | { ok: true; signedIn: false }
  | {
      ok: false;
      /** The invitation itself is unusable: no form to show any more. */
      invitation?: Exclude<InvitationView["status"], "valid">;
      field?: "username" | "password";
      message: string;
      reasons?: string[];
    };

/**
 * Turns an invitation into an account: the invitation is claimed first (one atomic update, so two
 * concurrent accepts create one account), the account is created through Better Auth (password
 * policy and username rules apply) with its company and role in the same insert, and the claim is
 * released if creation fails, so a failure leaves neither a half account nor a spent invitation.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  input: AcceptInviteInput & { headers: Headers },
): Promise<AcceptResult> {
  const { db } = ctx;
  const view = await findInvitation(db, input.token);
  if (view.status !== "valid") {
    return { ok: false, invitation: view.status, message: INVITATION_PROBLEMS[view.status] };
  }
  const username = input.username.toLowerCase();
  const problems = passwordProblems(input.password, { username, email: view.email });
  if (problems.length > 0) {
    return {
      ok: false,
      field: "password",
      message: weakPasswordMessage(problems),
      reasons: problems,
    };
  }
  const taken = await db
    .select({ id: agent_users.id })
    .from(agent_users)
    .where(eq(agent_users.username, username))
    .limit(1);
  if (taken.length > 0) {
    return { ok: false, field: "username", message: "That username is taken. Choose another." };
  }

  const tokenHash = hashToken(input.token);
  const [claimed] = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .returning({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      companyId: invitations.companyId,
    });
  if (!claimed) return { ok: false, invitation: "used", message: INVITATION_PROBLEMS.used };

  const release = () =>
    db
      .update(invitations)
      .set({ acceptedAt: null })
      .where(and(eq(invitations.id, claimed.id), isNull(invitations.acceptedUserId)));
  let created: Outcome<string>;
  try {
    created = await viaAuth(
      () =>
        ctx.auth.api.createUser({
          body: {
            email: claimed.email,
            password: input.password,
            name: input.username,
            role: view.role,
            data: {
              username,
              displayUsername: input.username,
              companyId: claimed.companyId,
              company: view.company,
              // Following the emailed link proved the address.
              emailVerified: true,
            },
          },
          asResponse: true,
        }),
      async (response) => {
        const body: unknown = await response.json();
        const user = typeof body === "object" && body ? Reflect.get(body, "user") : null;
        const id = typeof user === "object" && user ? Reflect.get(user, "id") : null;
        if (typeof id !== "string") throw new Error("create-user answered without a user id");
        return id;
      },
    );
  } catch (error) {
    await release();
    throw error;
  }
  if (!created.ok) {
    await release();
    if (created.reasons) {
      return { ok: false, field: "password", message: created.message, reasons: created.reasons };
    }
    const aboutUsername =
      created.code === "USERNAME_IS_ALREADY_TAKEN" || created.code === "INVALID_USERNAME";
    return aboutUsername
      ? { ok: false, field: "username", message: created.message }
      : { ok: false, message: created.message };
  }
  await db
    .update(invitations)
    .set({ acceptedUserId: created.value })
    .where(eq(invitations.id, claimed.id));

  const signIn = await signInWithUsername(ctx, {
    headers: input.headers,
    username,
    password: input.password,
  });
  return signIn.ok
    ? { ok: true, headers: signIn.headers, signedIn: true }
    : { ok: true, signedIn: false };
}
