import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import {
  type CreateUserInput,
  type LinkKind,
  roleSchema,
  USERS_PAGE_SIZE,
  type UserListQuery,
  type UserRole,
} from "#app/lib/schemas/users.ts";
import { captureLink } from "#server/auth/link-capture.ts";
import { RESET_LINK_MINUTES, SIGN_IN_LINK_MINUTES } from "#server/auth/messages.ts";
import { containsPattern } from "#server/db/like.ts";
import { agent_users, auth_sessions, auth_two_factors } from "#server/db/schema/index.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { companyName } from "./invitations.ts";
import { done, type Outcome, refuse, viaAuth } from "./outcome.ts";
import type { SessionUser } from "./session.ts";

/**
 * The admin users screen and API. Every action is scoped to the admin's own company: the target
 * is looked up within it first (another company's user is "not found"), and only then is Better
 * Auth's admin endpoint called in-process with the admin's own session headers, so the plugin's
 * permission check applies too.
 */
export type AdminActor = {
  runtime: Pick<Runtime, "database" | "auth" | "config" | "mailer">;
  admin: SessionUser;
  /** The admin's request headers (their session cookie), for Better Auth's admin endpoints. */
  headers: Headers;
};

export type UserFactors = { totp: boolean; phone: boolean };

export type CompanyUserRow = {
  id: string;
  username: string;
  name: string;
  email: string;
  role: UserRole;
  banned: boolean;
  banReason: string | null;
  factors: UserFactors;
  lastSignInAt: Date | null;
  createdAt: Date;
};

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

export async function listCompanyUsers(
  runtime: Pick<Runtime, "database">,
  companyId: string,
  query: UserListQuery,
): Promise<{ rows: CompanyUserRow[]; total: number; pages: number }> {
  const { db } = runtime.database;
  const pattern = containsPattern(query.q);
  const where = and(
    eq(agent_users.companyId, companyId),
    query.q
      ? or(
          ilike(agent_users.username, pattern),
          ilike(agent_users.name, pattern),
          ilike(agent_users.email, pattern),
        )
      : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(userColumns)
      .from(agent_users)
      .where(where)
      .orderBy(asc(agent_users.username), asc(agent_users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((query.page - 1) * USERS_PAGE_SIZE),
    db.select({ total: count() }).from(agent_users).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    rows: rows.map(toRow),
    total,
    pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
  };
}

/** The user, if they belong to the admin's company; anyone else is simply not found. */
async function companyUser(actor: AdminActor, userId: string): Promise<CompanyUserRow | null> {
  const [row] = await actor.runtime.database.db
    .select(userColumns)
    .from(agent_users)
    .where(and(eq(agent_users.id, userId), eq(agent_users.companyId, actor.admin.companyId)));
  return row ? toRow(row) : null;
}

const ignoreBody = async () => undefined;

export async function getUserFactors(
  actor: AdminActor,
  userId: string,
): Promise<Outcome<UserFactors>> {
  const user = await companyUser(actor, userId);
  return user ? done(user.factors) : refuse("not_found", NOT_FOUND);
}

export async function createCompanyUser(
  actor: AdminActor,
  input: CreateUserInput,
): Promise<Outcome<{ id: string; username: string }>> {
  const { runtime, admin } = actor;
  const company = await companyName(runtime.database.db, admin.companyId);
  // No headers: a trusted in-process call (Better Auth's create-user refuses HTTP callers here).
  return viaAuth(
    () =>
      runtime.auth.api.createUser({
        body: {
          email: input.email,
          password: input.password,
          name: input.name,
          role: input.role,
          data: {
            username: input.username.toLowerCase(),
            displayUsername: input.username,
            companyId: admin.companyId,
            company,
            // The admin vouches for the address; a sign-in link needs a verified one.
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
      return { id, username: input.username.toLowerCase() };
    },
  );
}

export async function setCompanyUserRole(
  actor: AdminActor,
  userId: string,
  role: UserRole,
): Promise<Outcome<void>> {
  const user = await companyUser(actor, userId);
  if (!user) return refuse("not_found", NOT_FOUND);
  if (user.id === actor.admin.id && role !== "admin") {
    return refuse("invalid", "You cannot remove your own admin role.");
  }
  return viaAuth(
    () =>
      actor.runtime.auth.api.setRole({
        headers: actor.headers,
        body: { userId, role },
        asResponse: true,
      }),
    ignoreBody,
  );
}

/** Bans the user and ends every session of theirs at once (Better Auth deletes them). */
export async function banCompanyUser(
  actor: AdminActor,
  userId: string,
  reason: string,
): Promise<Outcome<void>> {
  const user = await companyUser(actor, userId);
  if (!user) return refuse("not_found", NOT_FOUND);
  if (user.id === actor.admin.id) return refuse("invalid", "You cannot ban yourself.");
  return viaAuth(
    () =>
      actor.runtime.auth.api.banUser({
        headers: actor.headers,
        body: { userId, banReason: reason || "Banned by an administrator" },
        asResponse: true,
      }),
    ignoreBody,
  );
}

export async function unbanCompanyUser(actor: AdminActor, userId: string): Promise<Outcome<void>> {
  const user = await companyUser(actor, userId);
  if (!user) return refuse("not_found", NOT_FOUND);
  return viaAuth(
    () =>
      actor.runtime.auth.api.unbanUser({
        headers: actor.headers,
        body: { userId },
        asResponse: true,
      }),
    ignoreBody,
  );
}

export async function deleteCompanyUser(actor: AdminActor, userId: string): Promise<Outcome<void>> {
  const user = await companyUser(actor, userId);
  if (!user) return refuse("not_found", NOT_FOUND);
  if (user.id === actor.admin.id) return refuse("invalid", "You cannot delete your own account.");
  return viaAuth(
    () =>
      actor.runtime.auth.api.removeUser({
        headers: actor.headers,
        body: { userId },
        asResponse: true,
      }),
    ignoreBody,
  );
}

export async function revokeCompanyUserSessions(
  actor: AdminActor,
  userId: string,
): Promise<Outcome<void>> {
  const user = await companyUser(actor, userId);
  if (!user) return refuse("not_found", NOT_FOUND);
  return viaAuth(
    () =>
      actor.runtime.auth.api.revokeUserSessions({
        headers: actor.headers,
        body: { userId },
        asResponse: true,
      }),
    ignoreBody,
  );
}

export type GeneratedLink = { kind: LinkKind; url: string; expiresInMinutes: number };

/**
 * A sign-in or recovery link for the admin to pass on by hand: made by Better Auth's own endpoint
 * (so single use and expiry are its own) but handed back here instead of being mailed.
 */
export async function generateUserLink(
  actor: AdminActor,
  userId: string,
  kind: LinkKind,
): Promise<Outcome<GeneratedLink>> {
  const user = await companyUser(actor, userId);
  if (!user) return refuse("not_found", NOT_FOUND);
  if (user.banned) return refuse("invalid", "Unban this user before giving them a link.");
  const { auth, config } = actor.runtime;
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
