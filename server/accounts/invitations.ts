import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  type AcceptInviteInput,
  INVITATION_NOT_FOUND,
  INVITATION_PROBLEMS,
  type InvitationTarget,
  type InviteInput,
  type PendingInvitationRow,
  ROLE_LABELS,
  roleSchema,
  type UserRole,
} from "#app/lib/schemas/users.ts";
import { passwordProblems, weakPasswordMessage } from "#server/auth/password-policy.ts";
import { agent_users, companies, invitations } from "#server/db/schema/index.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { checkRate } from "#server/platform/rate-limit.ts";
import { companyName, createCompanyAccount } from "./company-accounts.ts";
import { done, type Outcome, type Refusal, refuse } from "./outcome.ts";
import { signInWithUsername } from "./session.ts";

export const INVITATION_DAYS = 7;

/** Only this hash is stored: a copy of the database cannot be turned into working links. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The company of the account that has this address (any case), or undefined when none has. */
async function accountCompanyOf(
  ctx: ServiceContext,
  email: string,
): Promise<{ companyId: string | null } | undefined> {
  const [row] = await ctx.db
    .select({ companyId: agent_users.companyId })
    .from(agent_users)
    .where(sql`lower(${agent_users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** What an admin of this company may be told about an address: nothing beyond their company. */
export type AddressStanding = "free" | "in-my-company" | "elsewhere";

export async function addressStanding(ctx: UserContext, email: string): Promise<AddressStanding> {
  const owner = await accountCompanyOf(ctx, email);
  if (!owner) return "free";
  return owner.companyId === ctx.user.companyId ? "in-my-company" : "elsewhere";
}

export const ACCOUNT_EXISTS_MESSAGE = "An account with this email already exists.";

/** Who sent an invitation, as its email names them: never only a display name (decision 0011). */
function inviterLine(inviter: UserContext["user"]): string {
  const name = inviter.name || inviter.username;
  return `${name} (${inviter.email})`;
}

export type SentInvitation = { email: string; role: UserRole; expiresAt: Date };

const expiryFrom = (ctx: ServiceContext) =>
  new Date(ctx.ports.clock.now().getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);

/** Invitation mails to one address from one company an hour: Invite and Resend alike. */
export const INVITATIONS_PER_ADDRESS = 3;
/**
 * Invitation mails to one address an hour from every company together: opening more companies
 * must not buy more mail to one inbox.
 */
export const INVITATIONS_PER_ADDRESS_ANYWHERE = 6;
/** Invitation mails from one company an hour, enough to bring a whole team in at once. */
export const INVITATIONS_PER_COMPANY = 100;
const INVITATION_WINDOW_SECONDS = 60 * 60;

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
};

/**
 * Anyone may open a company (with ALLOW_SIGNUP) and name it as they please, and each invitation
 * mails that name to any address: without a limit, Resend is a button for flooding a mailbox
 * with our domain's mail.
 */
async function limitInvitations(ctx: UserContext, email: string): Promise<Refusal | null> {
  const company = ctx.user.companyId;
  const toAddress = (wait: number) =>
    `Too many invitations to this address. Please try again in ${inMinutes(wait)}.`;
  const limits: [key: string, limit: number, message: (wait: number) => string][] = [
    [`invite-address:${company}:${email}`, INVITATIONS_PER_ADDRESS, toAddress],
    [`invite-anywhere:${email}`, INVITATIONS_PER_ADDRESS_ANYWHERE, toAddress],
    [
      `invite-company:${company}`,
      INVITATIONS_PER_COMPANY,
      (wait) =>
        `Your company has sent ${INVITATIONS_PER_COMPANY} invitations this hour. Please try again in ${inMinutes(wait)}.`,
    ],
  ];
  for (const [key, limit, message] of limits) {
    const refused = await checkRate(ctx, {
      key,
      limit,
      windowSeconds: INVITATION_WINDOW_SECONDS,
      message,
    });
    if (refused) return refused;
  }
  return null;
}

/**
 * Invites a person into the acting user's company: a fresh single-use token good for 7 days,
 * mailed as a link to /accept-invite. Inviting the same email again revokes the earlier pending
 * invitation. An address that already has an account in this company is refused; one that has
 * an account in another company gets the very answer a new address gets, and its owner is told
 * instead (no invitation is made: one address, one account), so the answer never reveals another
 * company's people (decision 0011).
 */
export async function inviteUser(
  ctx: UserContext,
  input: InviteInput,
): Promise<Outcome<SentInvitation>> {
  const inviter = ctx.user;
  const email = input.email.toLowerCase();
  const expiresAt = expiryFrom(ctx);
  // Counted before the address's standing is read, so a refusal says nothing of who has an account.
  const limited = await limitInvitations(ctx, email);
  if (limited) return limited;
  const standing = await addressStanding(ctx, email);
  if (standing === "in-my-company") return refuse("conflict", ACCOUNT_EXISTS_MESSAGE);
  const company = await companyName(ctx, inviter.companyId);
  if (standing === "elsewhere") {
    await tellOwnerOfInvitation(ctx, { email, company });
    return done({ email, role: input.role, expiresAt });
  }
  const token = randomBytes(32).toString("base64url");
  await ctx.db.transaction(async (tx) => {
    // One pending invitation per address and company: two sends at once (a double-clicked Resend,
    // two admins) would each delete what they could see and insert their own, leaving two links.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`invitation:${inviter.companyId}:${email}`}, 0))`,
    );
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
  const url = `${ctx.config.baseUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  await ctx.ports.mail.send({
    to: email,
    template: "invitation",
    companyId: inviter.companyId,
    subject: `You're invited to ${company} on Carrierline`,
    text: [
      `${inviterLine(inviter)} invited you to join ${company} on Carrierline as ${ROLE_LABELS[input.role].toLowerCase()}.`,
      "",
      `Choose your username and password here: ${url}`,
      "",
      `The link works once and expires in ${INVITATION_DAYS} days.`,
      "If you did not expect this, or do not know the sender, you can ignore this message.",
    ].join("\n"),
  });
  return done({ email, role: input.role, expiresAt });
}

/**
 * An invitation to an address that already has an account elsewhere: its owner hears of it (so
 * a person who wants to move knows whom to ask), filed under their own company, never the
 * inviter's, so the inviting admin's outbox shows nothing of it.
 */
async function tellOwnerOfInvitation(
  ctx: UserContext,
  input: { email: string; company: string },
): Promise<void> {
  const owner = await accountCompanyOf(ctx, input.email);
  await ctx.ports.mail.send({
    to: input.email,
    template: "invitation-existing-account",
    companyId: owner?.companyId ?? null,
    subject: `${input.company} invited you on Carrierline`,
    text: [
      `${inviterLine(ctx.user)} invited you to join ${input.company} on Carrierline.`,
      "",
      "This address already has a Carrierline account, and an address can belong to one company only, so no invitation was made.",
      `If you want to move to ${input.company}, ask the administrator of your current company to remove your account first, and ${ctx.user.email} to invite you again.`,
      "If you did not expect this, you can ignore this message.",
    ].join("\n"),
  });
}

/** More than an admin would scroll through; the newest come first. */
const PENDING_LIST_LIMIT = 200;

const roleOf = (role: string): UserRole => {
  const parsed = roleSchema.safeParse(role);
  return parsed.success ? parsed.data : "agent";
};

/**
 * The acting admin's company's invitations that can still be accepted. Expired ones are left
 * out: their links no longer work, and inviting the address again replaces them anyway.
 */
export async function listPendingInvitations(ctx: UserContext): Promise<PendingInvitationRow[]> {
  const rows = await ctx.db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      inviterName: agent_users.name,
      inviterUsername: agent_users.username,
      sentAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    // The inviter's company is checked too, so a row can only ever name someone of this company.
    .leftJoin(
      agent_users,
      and(
        eq(agent_users.id, invitations.invitedBy),
        eq(agent_users.companyId, invitations.companyId),
      ),
    )
    .where(
      and(
        eq(invitations.companyId, ctx.user.companyId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, ctx.ports.clock.now()),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(PENDING_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: roleOf(row.role),
    invitedBy: row.inviterName || row.inviterUsername || null,
    sentAt: row.sentAt,
    expiresAt: row.expiresAt,
  }));
}

/**
 * Takes back a pending invitation: the row goes, so its link is "not valid" from this moment.
 * The id is matched with the admin's company in the same statement, so another company's
 * invitation is "not found" and stays as it was.
 */
export async function revokeInvitation(
  ctx: UserContext,
  input: InvitationTarget,
): Promise<Outcome<void>> {
  const removed = await ctx.db
    .delete(invitations)
    .where(
      and(
        eq(invitations.id, input.invitationId),
        eq(invitations.companyId, ctx.user.companyId),
        isNull(invitations.acceptedAt),
      ),
    )
    .returning({ id: invitations.id });
  return removed.length > 0 ? done(undefined) : refuse("not_found", INVITATION_NOT_FOUND);
}

/**
 * Sends a pending invitation again: a new token and a new 7 days, mailed as the first was. The
 * earlier link stops working, since inviting the address again replaces its pending invitation.
 */
export async function resendInvitation(
  ctx: UserContext,
  input: InvitationTarget,
): Promise<Outcome<SentInvitation>> {
  const [pending] = await ctx.db
    .select({ email: invitations.email, role: invitations.role })
    .from(invitations)
    .where(
      and(
        eq(invitations.id, input.invitationId),
        eq(invitations.companyId, ctx.user.companyId),
        isNull(invitations.acceptedAt),
      ),
    );
  if (!pending) return refuse("not_found", INVITATION_NOT_FOUND);
  return inviteUser(ctx, { email: pending.email, role: roleOf(pending.role) });
}

export type Invitation = { email: string; role: UserRole; company: string; expiresAt: Date };

/** Why an invitation cannot be used: never issued (not found), or used or expired (gone). */
const unusable = (problem: keyof typeof INVITATION_PROBLEMS): Refusal =>
  refuse(problem === "unknown" ? "not_found" : "gone", INVITATION_PROBLEMS[problem], {
    code: `INVITATION_${problem.toUpperCase()}`,
  });

/** What /accept-invite shows for a token; never more than the company and the invited email. */
export async function findInvitation(
  ctx: ServiceContext,
  input: { token: string },
): Promise<Outcome<Invitation>> {
  if (input.token === "") return unusable("unknown");
  const [row] = await ctx.db
    .select({
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      company: companies.name,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(eq(invitations.tokenHash, hashToken(input.token)));
  if (!row) return unusable("unknown");
  if (row.acceptedAt) return unusable("used");
  if (row.expiresAt.getTime() <= ctx.ports.clock.now().getTime()) return unusable("expired");
  return done({
    email: row.email,
    role: roleOf(row.role),
    company: row.company,
    expiresAt: row.expiresAt,
  });
}

/** Whether a refusal of an invitation is about the invitation itself (no form to show any more). */
export const isUnusableInvitation = (refusal: Refusal) =>
  refusal.code?.startsWith("INVITATION_") === true;

export type Accepted =
  | { signedIn: true; headers: Headers }
  /** The account exists but signing in failed (a rate limit): the person signs in at /login. */
  | { signedIn: false };

/**
 * Turns an invitation into an account: the invitation is claimed first (one atomic update, so two
 * concurrent accepts create one account), the account is created through Better Auth (password
 * policy and username rules apply) with its company and role in the same insert, and the claim is
 * released if creation fails, so a failure leaves neither a half account nor a spent invitation.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  input: AcceptInviteInput & { headers: Headers },
): Promise<Outcome<Accepted>> {
  const { db } = ctx;
  const found = await findInvitation(ctx, input);
  if (!found.ok) return found;
  const invitation = found.value;
  const username = input.username.toLowerCase();
  const problems = passwordProblems(input.password, { username, email: invitation.email });
  if (problems.length > 0) {
    return refuse("invalid", weakPasswordMessage(problems), { reasons: problems });
  }
  const taken = await db
    .select({ id: agent_users.id })
    .from(agent_users)
    .where(eq(agent_users.username, username))
    .limit(1);
  if (taken.length > 0) {
    return refuse("conflict", "That username is taken. Choose another.", {
      code: "USERNAME_IS_ALREADY_TAKEN",
    });
  }

  const now = ctx.ports.clock.now();
  const [claimed] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(invitations.tokenHash, hashToken(input.token)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      companyId: invitations.companyId,
    });
  if (!claimed) return unusable("used");

  const release = () =>
    db
      .update(invitations)
      .set({ acceptedAt: null })
      .where(and(eq(invitations.id, claimed.id), isNull(invitations.acceptedUserId)));
  let created: Outcome<string>;
  try {
    created = await createCompanyAccount(ctx, {
      companyId: claimed.companyId,
      company: invitation.company,
      username: input.username,
      name: input.username,
      email: claimed.email,
      password: input.password,
      role: invitation.role,
      // The invitee followed the link mailed to this address.
      emailVerified: true,
    });
  } catch (error) {
    await release();
    throw error;
  }
  if (!created.ok) {
    await release();
    return created;
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
  return done(signIn.ok ? { signedIn: true, headers: signIn.value.headers } : { signedIn: false });
}
