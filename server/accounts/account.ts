import { and, eq } from "drizzle-orm";
import type { AccountProfile, ProfileInput, SessionView } from "#app/lib/schemas/account.ts";
import { describeUserAgent } from "#app/lib/user-agent.ts";
import { WEAK_PASSWORD_CODE, weakPasswordMessage } from "#server/auth/password-policy.ts";
import { agent_users as agentUsers } from "#server/db/schema/index.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { asSignedIn, authAnswer, authFailure, cookieHeaders, readRefusal } from "./auth-answer.ts";
import { done, type Outcome, refuse } from "./outcome.ts";
import { reauthenticate, WRONG_PASSWORD_MESSAGE } from "./reauth.ts";

/** The acting agent's own row, within their company. */
const own = (ctx: UserContext) =>
  and(eq(agentUsers.id, ctx.user.id), eq(agentUsers.companyId, ctx.user.companyId));

export async function getProfile(ctx: UserContext): Promise<AccountProfile | null> {
  const [row] = await ctx.db
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
    .where(own(ctx));
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
  ctx: UserContext,
  input: Pick<ProfileInput, "company" | "phone" | "notificationsEnabled">,
): Promise<Outcome<void>> {
  const rows = await ctx.db
    .update(agentUsers)
    .set({
      company: input.company || null,
      phone: input.phone || null,
      notificationsEnabled: input.notificationsEnabled,
    })
    .where(own(ctx))
    .returning({ id: agentUsers.id });
  // The account went while the page was open; the portal spec words it so.
  return rows.length === 1 ? done(undefined) : refuse("not_found", "Failed to update profile");
}

/**
 * Sets a new password after checking the current one, and ends every other session: whoever
 * might have known the old password is signed out everywhere but here. The current password is
 * this change's reauthentication (issue 6), so wrong ones are counted like the others. The answer
 * carries the renewed cookie of this session.
 */
export async function changePassword(
  ctx: UserContext,
  input: { headers: Headers; currentPassword: string; newPassword: string },
): Promise<Outcome<{ headers: Headers }>> {
  const { headers } = input;
  const reauth = await reauthenticate(ctx, {
    headers,
    password: input.currentPassword,
    passwordRequired: true,
  });
  if (!reauth.ok) return reauth;
  const response = await authAnswer(() =>
    ctx.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      asResponse: true,
    }),
  );
  // Revoking the other sessions renews this one: the browser must get the new cookie.
  if (response.ok) return done({ headers: cookieHeaders(response) });
  const refusal = await readRefusal(response);
  if (refusal.code === WEAK_PASSWORD_CODE) {
    return refuse("invalid", weakPasswordMessage(refusal.reasons), { reasons: refusal.reasons });
  }
  if (refusal.code === "INVALID_PASSWORD") return refuse("invalid", WRONG_PASSWORD_MESSAGE);
  throw authFailure(ctx, refusal, "a password change failed");
}

/**
 * This agent's live sessions. Read through Better Auth's adapter rather than its list-sessions
 * endpoint, which refuses any session older than the 15-minute fresh age (freshAge is set for
 * reauthentication, and must not hide the Sessions list from a long-lived session).
 */
async function liveSessions(ctx: ServiceContext, headers: Headers) {
  const current = await ctx.auth.api.getSession({ headers });
  if (!current) return { current: null, sessions: [] };
  const auth = await ctx.auth.$context;
  const sessions = await auth.internalAdapter.listSessions(current.user.id, {
    onlyActiveSessions: true,
  });
  const now = ctx.ports.clock.now().getTime();
  return { current, sessions: sessions.filter((s) => s.expiresAt.getTime() > now) };
}

/** This agent's live sessions, newest activity first; tokens never leave the server. */
export async function listSessions(
  ctx: UserContext,
  input: { headers: Headers },
): Promise<SessionView[]> {
  const { current, sessions } = await liveSessions(ctx, input.headers);
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
  ctx: UserContext,
  input: { headers: Headers; sessionId: string },
): Promise<Outcome<void>> {
  const { sessions } = await liveSessions(ctx, input.headers);
  const target = sessions.find((session) => session.id === input.sessionId);
  if (!target) return refuse("not_found", "That session has already ended");
  await asSignedIn(() =>
    ctx.auth.api.revokeSession({ body: { token: target.token }, headers: input.headers }),
  );
  return done(undefined);
}

export async function revokeOtherSessions(
  ctx: UserContext,
  input: { headers: Headers },
): Promise<void> {
  await asSignedIn(() => ctx.auth.api.revokeOtherSessions({ headers: input.headers }));
}

/**
 * Ends every session of this agent: the others first, then this one. The answer is the Set-Cookie
 * lines that drop this browser's cookie too.
 */
export async function signOutEverywhere(
  ctx: UserContext,
  input: { headers: Headers },
): Promise<Headers> {
  await revokeOtherSessions(ctx, input);
  const response = await authAnswer(() =>
    ctx.auth.api.signOut({ headers: input.headers, asResponse: true }),
  );
  return cookieHeaders(response);
}
