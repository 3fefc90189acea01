import { and, eq } from "drizzle-orm";
import type { PasswordChangeInput, ProfileInput } from "#app/lib/schemas/account.ts";
import { describeUserAgent } from "#app/lib/user-agent.ts";
import type { Auth } from "#server/auth/index.ts";
import { WEAK_PASSWORD_CODE, weakPasswordMessage } from "#server/auth/password-policy.ts";
import type { Database } from "#server/db/client.ts";
import { agent_users as agentUsers } from "#server/db/schema/index.ts";
import { authAnswer, readRefusal } from "./auth-answer.ts";
import { cookieHeaders, type SessionUser } from "./session.ts";

export type AccountProfile = {
  username: string;
  email: string;
  role: string;
  company: string;
  phone: string;
  notificationsEnabled: boolean;
  twoFactorEnabled: boolean;
  /** The verified sign-in phone second-step codes can be texted to, or "" (not the contact phone). */
  signInPhone: string;
};

const owned = (user: SessionUser) =>
  and(eq(agentUsers.id, user.id), eq(agentUsers.companyId, user.companyId));

export async function getProfile(db: Database, user: SessionUser): Promise<AccountProfile | null> {
  const [row] = await db
    .select({
      username: agentUsers.username,
      email: agentUsers.email,
      role: agentUsers.role,
      company: agentUsers.company,
      phone: agentUsers.phone,
      notificationsEnabled: agentUsers.notificationsEnabled,
      twoFactorEnabled: agentUsers.twoFactorEnabled,
      phoneNumber: agentUsers.phoneNumber,
      phoneNumberVerified: agentUsers.phoneNumberVerified,
    })
    .from(agentUsers)
    .where(owned(user));
  if (!row) return null;
  return {
    username: row.username ?? "",
    email: row.email,
    role: row.role,
    company: row.company ?? "",
    phone: row.phone ?? "",
    notificationsEnabled: row.notificationsEnabled ?? true,
    twoFactorEnabled: row.twoFactorEnabled ?? false,
    signInPhone: row.phoneNumberVerified ? (row.phoneNumber ?? "") : "",
  };
}

/** Only company, phone and the notifications switch change here (portal spec: the rest is read-only). */
export async function updateProfile(
  db: Database,
  user: SessionUser,
  input: Omit<ProfileInput, "intent">,
): Promise<boolean> {
  const rows = await db
    .update(agentUsers)
    .set({
      company: input.company || null,
      phone: input.phone || null,
      notificationsEnabled: input.notificationsEnabled,
    })
    .where(owned(user))
    .returning({ id: agentUsers.id });
  return rows.length === 1;
}

export type ChangePasswordResult =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "wrong-password" | "failed" }
  /** The new password breaks the policy; the message lists why. */
  | { ok: false; reason: "weak"; message: string };

/**
 * Sets a new password after checking the current one, and ends every other session: whoever
 * might have known the old password is signed out everywhere but here.
 */
export async function changePassword(
  auth: Auth,
  headers: Headers,
  input: Pick<PasswordChangeInput, "currentPassword" | "newPassword">,
): Promise<ChangePasswordResult> {
  const response = await authAnswer(() =>
    auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      asResponse: true,
    }),
  );
  if (response.ok) {
    // Revoking the other sessions renews this one: the browser must get the new cookie.
    return { ok: true, headers: cookieHeaders(response) };
  }
  // Better Auth answers a wrong current password with 400 INVALID_PASSWORD.
  const refusal = await readRefusal(response);
  if (refusal.code === WEAK_PASSWORD_CODE) {
    return { ok: false, reason: "weak", message: weakPasswordMessage(refusal.reasons) };
  }
  return { ok: false, reason: refusal.code === "INVALID_PASSWORD" ? "wrong-password" : "failed" };
}

export type SessionView = {
  id: string;
  device: string;
  ipAddress: string | null;
  lastSeen: Date;
  current: boolean;
};

/**
 * This agent's live sessions. Read through Better Auth's adapter rather than its list-sessions
 * endpoint, which refuses any session older than the 15-minute fresh age (freshAge is set for
 * reauthentication, and must not hide the Sessions list from a long-lived session).
 */
async function liveSessions(auth: Auth, headers: Headers) {
  const current = await auth.api.getSession({ headers });
  if (!current) return { current: null, sessions: [] };
  const ctx = await auth.$context;
  const sessions = await ctx.internalAdapter.listSessions(current.user.id, {
    onlyActiveSessions: true,
  });
  const now = Date.now();
  return { current, sessions: sessions.filter((s) => s.expiresAt.getTime() > now) };
}

/** This agent's live sessions, newest activity first; tokens never leave the server. */
export async function listSessions(auth: Auth, headers: Headers): Promise<SessionView[]> {
  const { current, sessions } = await liveSessions(auth, headers);
  return sessions
    .map((session) => ({
      id: session.id,
      device: describeUserAgent(session.userAgent),
      // Better Auth stores "" when it saw no address.
      ipAddress: session.ipAddress || null,
      lastSeen: session.updatedAt,
      current: session.id === current?.session.id,
    }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) || b.lastSeen.getTime() - a.lastSeen.getTime(),
    );
}

/** Ends one of this agent's own sessions, found by its id (the page never sees tokens). */
export async function revokeSessionById(
  auth: Auth,
  headers: Headers,
  id: string,
): Promise<boolean> {
  const { sessions } = await liveSessions(auth, headers);
  const target = sessions.find((session) => session.id === id);
  if (!target) return false;
  await auth.api.revokeSession({ body: { token: target.token }, headers });
  return true;
}

export async function revokeOtherSessions(auth: Auth, headers: Headers): Promise<void> {
  await auth.api.revokeOtherSessions({ headers });
}
