import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import {
  type CompanyUserRow,
  type CreateUserInput,
  type GeneratedLink,
  type LinkKind,
  roleSchema,
  USERS_PAGE_SIZE,
  type UserFactors,
  type UserListQuery,
  type UserRole,
  type UserSortColumn,
} from "#app/lib/schemas/users.ts";
import { captureLink } from "#server/auth/link-capture.ts";
import { RESET_LINK_MINUTES, SIGN_IN_LINK_MINUTES } from "#server/auth/messages.ts";
import { containsPattern } from "#server/db/like.ts";
import { agent_users, auth_sessions, auth_two_factors } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { pageWithin } from "#server/platform/paging.ts";
import { companyName, createCompanyAccount } from "./company-accounts.ts";
import { ACCOUNT_EXISTS_MESSAGE, addressStanding } from "./invitations.ts";
import { isOperatorAddress, isPlatformOperator } from "./operators.ts";
import { done, type Outcome, refuse, viaAuth } from "./outcome.ts";

/**
 * The admin users screen and API. Every action is scoped to the acting admin's own company: the
 * target is looked up within it first (another company's user is "not found"), and only then is
 * Better Auth's admin endpoint called in-process with the admin's own session headers (the
 * `headers` of each input), so the plugin's permission check applies too.
 */

/** An action on one user of the admin's company, with the admin's request headers. */
export type UserTarget = { headers: Headers; userId: string };

const NOT_FOUND = "No such user in your company.";

// Drizzle leaves a column unqualified in a select list, where the subquery's own "id" would win.
const outerUserId = sql`${sql.identifier("agent_users")}.${sql.identifier("id")}`;
const totpEnrolled = sql<boolean>`exists (select 1 from ${auth_two_factors} where ${auth_two_factors.userId} = ${outerUserId} and coalesce(${auth_two_factors.verified}, true))`;
// Sessions are deleted on sign-out, so this is the latest sign-in among those still on record.
const lastSignIn = sql<
  string | null
>`(select max(${auth_sessions.createdAt}) from ${auth_sessions} where ${auth_sessions.userId} = ${outerUserId})`;

const userColumns = {
  id: agent_users.id,
  username: agent_users.username,
  name: agent_users.name,
  email: agent_users.email,
  role: agent_users.role,
  banned: agent_users.banned,
  banReason: agent_users.banReason,
  twoFactorEnabled: agent_users.twoFactorEnabled,
  phoneVerified: agent_users.phoneNumberVerified,
  totp: totpEnrolled,
  lastSignIn,
  createdAt: agent_users.createdAt,
};

type UserRecord = {
  id: string;
  username: string | null;
  name: string;
  email: string;
  role: string;
  banned: boolean | null;
  banReason: string | null;
  twoFactorEnabled: boolean | null;
  phoneVerified: boolean | null;
  totp: boolean;
  lastSignIn: string | Date | null;
  createdAt: Date;
};

function toRow(r: UserRecord): CompanyUserRow {
  const role = roleSchema.safeParse(r.role);
  return {
    id: r.id,
    username: r.username ?? "",
    name: r.name,
    email: r.email,
    role: role.success ? role.data : "agent",
    banned: r.banned === true,
    banReason: r.banned ? r.banReason : null,
    factors: {
      totp: r.twoFactorEnabled === true && r.totp,
      // The second-factor code goes by SMS to the verified sign-in phone.
      phone: r.twoFactorEnabled === true && r.phoneVerified === true,
    },
    lastSignInAt: r.lastSignIn === null ? null : new Date(r.lastSignIn),
    createdAt: r.createdAt,
  };
}

/** What each sortable column of the users table orders by: roles by rank, never signed in last. */
const USER_SORT_KEYS: Record<UserSortColumn, SQL> = {
  user: sql`${agent_users.username}`,
  email: sql`${agent_users.email}`,
  role: sql`case ${agent_users.role} when 'agent' then 0 when 'manager' then 1 when 'admin' then 2 else 3 end`,
  status: sql`coalesce(${agent_users.banned}, false)`,
  lastSignIn,
};

function userOrder(query: UserListQuery): SQL[] {
  const key = USER_SORT_KEYS[query.sort];
  const sorted = query.dir === "asc" ? sql`${key} asc nulls last` : sql`${key} desc nulls last`;
  return [sorted, asc(agent_users.username), asc(agent_users.id)];
}

export async function listCompanyUsers(
  ctx: UserContext,
  query: UserListQuery,
): Promise<{ rows: CompanyUserRow[]; total: number; page: number; pages: number }> {
  const { db } = ctx;
  const pattern = containsPattern(query.q);
  const where = and(
    eq(agent_users.companyId, ctx.user.companyId),
    query.q
      ? or(
          ilike(agent_users.username, pattern),
          ilike(agent_users.name, pattern),
          ilike(agent_users.email, pattern),
        )
      : undefined,
  );
  const [totals] = await db.select({ total: count() }).from(agent_users).where(where);
  const total = totals?.total ?? 0;
  const { page, pageCount, offset } = pageWithin(query.page, total, USERS_PAGE_SIZE);
  const rows = await db
    .select(userColumns)
    .from(agent_users)
    .where(where)
    .orderBy(...userOrder(query))
    .limit(USERS_PAGE_SIZE)
    .offset(offset);
  return { rows: rows.map(toRow), total, page, pages: pageCount };
}

/** The user, if they belong to the admin's company; anyone else is simply not found. */
async function companyUser(ctx: UserContext, userId: string): Promise<CompanyUserRow | null> {
  const [row] = await ctx.db
    .select(userColumns)
    .from(agent_users)
    .where(and(eq(agent_users.id, userId), eq(agent_users.companyId, ctx.user.companyId)));
  return row ? toRow(row) : null;
}

const ignoreBody = async () => undefined;

/**
 * Runs an admin endpoint of Better Auth on a user of the admin's company, after `check` (which
 * may refuse); anyone outside the company is not found.
 */
async function onCompanyUser(
  ctx: UserContext,
  userId: string,
  check: (user: CompanyUserRow) => string | null,
  call: () => Promise<Response>,
): Promise<Outcome<void>> {
  const user = await companyUser(ctx, userId);
  if (!user) return refuse("not_found", NOT_FOUND);
  const refusal = check(user);
  if (refusal) return refuse("invalid", refusal);
  return viaAuth(call, ignoreBody);
}

const anyone = () => null;
const notSelf = (ctx: UserContext, message: string) => (user: CompanyUserRow) =>
  user.id === ctx.user.id ? message : null;

export async function getUserFactors(
  ctx: UserContext,
  input: { userId: string },
): Promise<Outcome<UserFactors>> {
  const user = await companyUser(ctx, input.userId);
  return user ? done(user.factors) : refuse("not_found", NOT_FOUND);
}

/**
 * What create says of an address that has an account in another company. Addresses are unique
 * across the platform, so create cannot pretend to succeed; it names no account and points to
 * the invitation, whose answer reveals nothing (decision 0011).
 */
export const ADDRESS_UNAVAILABLE_MESSAGE =
  "This email address cannot be used for a new account here. Invite the person by email instead.";

export async function createCompanyUser(
  ctx: UserContext,
  input: CreateUserInput,
): Promise<Outcome<{ id: string; username: string }>> {
  const { companyId } = ctx.user;
  // An operator's address (PLATFORM_OPERATORS) reaches the platform through its holder alone,
  // who signs up or is invited and proves it; the answer names no reason.
  if (isOperatorAddress(ctx.config, input.email)) {
    return refuse("conflict", ADDRESS_UNAVAILABLE_MESSAGE);
  }
  const standing = await addressStanding(ctx, input.email);
  if (standing === "in-my-company") return refuse("conflict", ACCOUNT_EXISTS_MESSAGE);
  if (standing === "elsewhere") return refuse("conflict", ADDRESS_UNAVAILABLE_MESSAGE);
  const created = await createCompanyAccount(ctx, {
    ...input,
    companyId,
    company: await companyName(ctx, companyId),
    // The admin typed the address; its holder verifies it by using a mailed link or code.
    emailVerified: false,
  });
  return created.ok ? done({ id: created.value, username: input.username.toLowerCase() }) : created;
}

export function setCompanyUserRole(
  ctx: UserContext,
  input: UserTarget & { role: UserRole },
): Promise<Outcome<void>> {
  const { headers, userId, role } = input;
  return onCompanyUser(
    ctx,
    userId,
    (user) =>
      user.id === ctx.user.id && role !== "admin" ? "You cannot remove your own admin role." : null,
    () => ctx.auth.api.setRole({ headers, body: { userId, role }, asResponse: true }),
  );
}

/** Bans the user and ends every session of theirs at once (Better Auth deletes them). */
export function banCompanyUser(
  ctx: UserContext,
  input: UserTarget & { reason: string },
): Promise<Outcome<void>> {
  const { headers, userId } = input;
  return onCompanyUser(ctx, userId, notSelf(ctx, "You cannot ban yourself."), () =>
    ctx.auth.api.banUser({
      headers,
      body: { userId, banReason: input.reason || "Banned by an administrator" },
      asResponse: true,
    }),
  );
}

export function unbanCompanyUser(ctx: UserContext, input: UserTarget): Promise<Outcome<void>> {
  const { headers, userId } = input;
  return onCompanyUser(ctx, userId, anyone, () =>
    ctx.auth.api.unbanUser({ headers, body: { userId }, asResponse: true }),
  );
}

export function deleteCompanyUser(ctx: UserContext, input: UserTarget): Promise<Outcome<void>> {
  const { headers, userId } = input;
  return onCompanyUser(ctx, userId, notSelf(ctx, "You cannot delete your own account."), () =>
    ctx.auth.api.removeUser({ headers, body: { userId }, asResponse: true }),
  );
}

export function revokeCompanyUserSessions(
  ctx: UserContext,
  input: UserTarget,
): Promise<Outcome<void>> {
  const { headers, userId } = input;
  return onCompanyUser(ctx, userId, anyone, () =>
    ctx.auth.api.revokeUserSessions({ headers, body: { userId }, asResponse: true }),
  );
}

const LINK_REFUSED_MESSAGE =
  "Links are for agents and managers. An admin signs in and recovers their account from the sign-in page.";

/** Whether an admin may hold a link that signs in as this person: never for more power than theirs. */
async function linkable(ctx: UserContext, user: CompanyUserRow): Promise<boolean> {
  if (user.role === "admin") return false;
  const [facts] = await ctx.db
    .select({
      email: agent_users.email,
      emailVerified: agent_users.emailVerified,
      platformOperator: agent_users.platformOperator,
      username: agent_users.username,
    })
    .from(agent_users)
    .where(eq(agent_users.id, user.id));
  if (!facts) return false;
  // Opening a sign-in link verifies the address, and a verified operator address makes an
  // operator: so no link for one, verified yet or not.
  return !isPlatformOperator(ctx.config, facts) && !isOperatorAddress(ctx.config, facts.email);
}

/**
 * A sign-in or recovery link for the admin to pass on by hand: made by Better Auth's own endpoint
 * (so single use and expiry are its own) but handed back here instead of being mailed. Only for
 * agents and managers: a link is the account itself, and an admin or a platform operator can do
 * more than the admin who would hold it.
 */
export async function generateUserLink(
  ctx: UserContext,
  input: { userId: string; kind: LinkKind },
): Promise<Outcome<GeneratedLink>> {
  const { kind } = input;
  const user = await companyUser(ctx, input.userId);
  if (!user) return refuse("not_found", NOT_FOUND);
  if (user.banned) return refuse("invalid", "Unban this user before giving them a link.");
  if (!(await linkable(ctx, user))) return refuse("forbidden", LINK_REFUSED_MESSAGE);
  const { auth, config } = ctx;
  const url = await captureLink(() =>
    kind === "sign-in"
      ? auth.api.signInMagicLink({
          headers: new Headers({ origin: config.baseUrl }),
          body: { email: user.email, callbackURL: "/dashboard" },
        })
      : auth.api.requestPasswordReset({
          body: { email: user.email, redirectTo: `${config.baseUrl}/reset-password` },
        }),
  );
  if (!url) throw new Error(`no ${kind} link was made`);
  return done({
    kind,
    url,
    expiresInMinutes: kind === "sign-in" ? SIGN_IN_LINK_MINUTES : RESET_LINK_MINUTES,
  });
}
