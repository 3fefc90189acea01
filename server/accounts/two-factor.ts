import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { renderSVG } from "uqr";
import type { LoginNotice } from "#app/lib/login-notices.ts";
import type { SecondFactorMethod } from "#app/lib/schemas/two-factor.ts";
import type { Auth } from "#server/auth/index.ts";
import { TWO_FACTOR_COOKIE, TWO_FACTOR_ENDED_CODE } from "#server/auth/two-factor-attempts.ts";
import type { Database } from "#server/db/client.ts";
import { agent_users as agentUsers } from "#server/db/schema/index.ts";
import { hit } from "#server/platform/rate-limit.ts";
import { authAnswer, readRefusal } from "./auth-answer.ts";
import { type ReauthResult, reauthenticate } from "./reauth.ts";
import { cookieHeaders, type SessionUser } from "./session.ts";

type Deps = { auth: Auth; db: Database };
type Refused = { ok: false; message: string };

const INVALID_CODE_MESSAGE = "Invalid code";

async function twoFactorEnabled(db: Database, user: SessionUser): Promise<boolean> {
  const [row] = await db
    .select({ on: agentUsers.twoFactorEnabled })
    .from(agentUsers)
    .where(eq(agentUsers.id, user.id));
  return row?.on === true;
}

const refusedByReauth = (result: Exclude<ReauthResult, { ok: true }>): Refused => ({
  ok: false,
  message: result.message,
});

export type EnrollmentStart =
  | {
      ok: true;
      /** The QR code of the otpauth:// address, as SVG markup made here on the server. */
      qrSvg: string;
      /** The same secret as text (base32), for typing into an app by hand. */
      key: string;
    }
  | Refused;

/**
 * Step 1 of enrollment: the password (always: Better Auth requires it to enable a factor), then a
 * new secret. The secret leaves the server only in this answer, for the enrollment dialog.
 */
export async function startTotpEnrollment(
  deps: Deps,
  user: SessionUser,
  headers: Headers,
  password: string,
): Promise<EnrollmentStart> {
  if (await twoFactorEnabled(deps.db, user)) {
    return { ok: false, message: "Two-factor authentication is already on." };
  }
  const reauth = await reauthenticate(deps, headers, { password, passwordRequired: true });
  if (!reauth.ok) return refusedByReauth(reauth);
  const response = await authAnswer(() =>
    deps.auth.api.enableTwoFactor({
      body: { password, method: "totp" },
      headers,
      asResponse: true,
    }),
  );
  if (!response.ok) return { ok: false, message: "Could not start two-factor setup. Try again." };
  const body: unknown = await response.json();
  const totpURI = typeof body === "object" && body !== null ? Reflect.get(body, "totpURI") : null;
  if (typeof totpURI !== "string") {
    return { ok: false, message: "Could not start two-factor setup. Try again." };
  }
  const key = new URL(totpURI).searchParams.get("secret") ?? "";
  return { ok: true, qrSvg: renderSVG(totpURI, { border: 2 }), key };
}

export type EnrollmentDone = { ok: true; backupCodes: string[]; headers: Headers } | Refused;

/**
 * Step 2: the first code from the app turns the factor on. The answer carries the 10 backup codes;
 * this is the only time they are shown (a second confirm is refused because the factor is on).
 */
export async function confirmTotpEnrollment(
  deps: Deps,
  user: SessionUser,
  headers: Headers,
  code: string,
): Promise<EnrollmentDone> {
  if (await twoFactorEnabled(deps.db, user)) {
    return { ok: false, message: "Two-factor authentication is already on." };
  }
  // The signed-in path of verify-totp counts nothing; this bounds guessing at the first code.
  const tries = await hit(deps.db, `two-factor-enroll:${user.id}`, 10, 15 * 60);
  if (!tries.allowed) return { ok: false, message: "Too many wrong codes. Try again later." };
  const response = await authAnswer(() =>
    deps.auth.api.verifyTOTP({ body: { code }, headers, asResponse: true }),
  );
  if (!response.ok) return { ok: false, message: INVALID_CODE_MESSAGE };
  const viewed = await deps.auth.api.viewBackupCodes({ body: { userId: user.id } });
  return { ok: true, backupCodes: viewed.backupCodes, headers: cookieHeaders(response) };
}

/** New backup codes (the old ones stop working); needs the password. */
export async function regenerateBackupCodes(
  deps: Deps,
  headers: Headers,
  password: string,
): Promise<{ ok: true; backupCodes: string[] } | Refused> {
  const reauth = await reauthenticate(deps, headers, { password, passwordRequired: true });
  if (!reauth.ok) return refusedByReauth(reauth);
  const response = await authAnswer(() =>
    deps.auth.api.generateBackupCodes({ body: { password }, headers, asResponse: true }),
  );
  if (!response.ok) return { ok: false, message: "Could not make new backup codes. Try again." };
  const body: unknown = await response.json();
  const codes = typeof body === "object" && body !== null ? Reflect.get(body, "backupCodes") : null;
  if (!Array.isArray(codes) || !codes.every((c): c is string => typeof c === "string")) {
    return { ok: false, message: "Could not make new backup codes. Try again." };
  }
  return { ok: true, backupCodes: codes };
}

/**
 * Unenrolling needs the password and a current code (authenticator or backup); without both,
 * nothing changes. The password is checked first, so a wrong one does not spend a backup code.
 */
export async function disableTwoFactor(
  deps: Deps,
  user: SessionUser,
  headers: Headers,
  input: { code: string; password: string },
): Promise<{ ok: true; headers: Headers } | Refused> {
  if (!(await twoFactorEnabled(deps.db, user))) {
    return { ok: false, message: "Two-factor authentication is already off." };
  }
  const reauth = await reauthenticate(deps, headers, {
    password: input.password,
    passwordRequired: true,
  });
  if (!reauth.ok) return refusedByReauth(reauth);
  const tries = await hit(deps.db, `two-factor-disable:${user.id}`, 5, 15 * 60);
  if (!tries.allowed) return { ok: false, message: "Too many wrong codes. Try again later." };
  const isBackup = input.code.includes("-");
  const checked = await authAnswer(() =>
    isBackup
      ? deps.auth.api.verifyBackupCode({
          body: { code: input.code, disableSession: true },
          headers,
          asResponse: true,
        })
      : deps.auth.api.verifyTOTP({ body: { code: input.code }, headers, asResponse: true }),
  );
  if (!checked.ok) return { ok: false, message: INVALID_CODE_MESSAGE };
  const response = await authAnswer(() =>
    deps.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers,
      asResponse: true,
    }),
  );
  if (!response.ok) {
    return { ok: false, message: "Could not turn two-factor authentication off. Try again." };
  }
  // Better Auth replaces the session when the factor goes: the browser needs the new cookie.
  return { ok: true, headers: cookieHeaders(response) };
}

// ---------------------------------------------------------------------------------------------
// The second sign-in step

export type PendingSecondStep = { userId: string; canText: boolean };

/** Better-call's signed cookie: `value.signature`, the signature a base64 HMAC-SHA256 of value. */
function unsign(raw: string, secret: string): string | null {
  const decoded = decodeURIComponent(raw);
  const dot = decoded.lastIndexOf(".");
  if (dot < 1) return null;
  const value = decoded.slice(0, dot);
  const given = Buffer.from(decoded.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

function readCookie(headers: Headers, name: string): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * The sign-in waiting for its second step behind these headers, or null (no cookie, a forged or
 * expired one, or an attempt already ended). Says whether a code can be texted: only to a
 * verified sign-in phone.
 */
export async function pendingSecondStep(
  deps: Deps,
  headers: Headers,
): Promise<PendingSecondStep | null> {
  const ctx = await deps.auth.$context;
  const cookie = ctx.createAuthCookie(TWO_FACTOR_COOKIE);
  const raw = readCookie(headers, cookie.name);
  const identifier = raw ? unsign(raw, ctx.secret) : null;
  if (!identifier) return null;
  const pending = await ctx.internalAdapter.findVerificationValue(identifier);
  if (!pending || pending.expiresAt <= new Date()) return null;
  const [row] = await deps.db
    .select({
      phoneNumber: agentUsers.phoneNumber,
      verified: agentUsers.phoneNumberVerified,
    })
    .from(agentUsers)
    .where(eq(agentUsers.id, pending.value));
  if (!row) return null;
  return { userId: pending.value, canText: Boolean(row.phoneNumber) && row.verified === true };
}

export type SecondStepResult =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "invalid"; message: string }
  /** The attempt is over (too many wrong codes, or it expired): sign in again. */
  | { ok: false; reason: "ended"; notice: LoginNotice; headers: Headers };

/** Expires the pending-attempt cookie in the browser. */
async function endAttemptHeaders(auth: Auth): Promise<Headers> {
  const ctx = await auth.$context;
  const cookie = ctx.createAuthCookie(TWO_FACTOR_COOKIE);
  const headers = new Headers();
  const secure = cookie.attributes.secure ? "; Secure" : "";
  headers.append(
    "Set-Cookie",
    `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
  );
  return headers;
}

/** Checks a code at the second step; on success the answer's cookies hold the new session. */
export async function verifySecondStep(
  deps: Deps,
  headers: Headers,
  input: { method: SecondFactorMethod; code: string; trustDevice: boolean },
): Promise<SecondStepResult> {
  const { auth } = deps;
  const body = { code: input.code, trustDevice: input.trustDevice };
  const response = await authAnswer(() =>
    input.method === "totp"
      ? auth.api.verifyTOTP({ body, headers, asResponse: true })
      : input.method === "backup"
        ? auth.api.verifyBackupCode({ body, headers, asResponse: true })
        : auth.api.verifyTwoFactorOTP({ body, headers, asResponse: true }),
  );
  if (response.ok) return { ok: true, headers: cookieHeaders(response) };
  const refusal = await readRefusal(response);
  if (refusal.code === "INVALID_CODE" || refusal.code === "INVALID_BACKUP_CODE") {
    return { ok: false, reason: "invalid", message: INVALID_CODE_MESSAGE };
  }
  if (refusal.code === "OTP_HAS_EXPIRED" && (await pendingSecondStep(deps, headers))) {
    return {
      ok: false,
      reason: "invalid",
      message: "That code has expired or was never sent. Text me a new code.",
    };
  }
  const notice: LoginNotice =
    refusal.code === TWO_FACTOR_ENDED_CODE ||
    refusal.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" ||
    refusal.code === "ACCOUNT_TEMPORARILY_LOCKED"
      ? "two-factor-ended"
      : "two-factor-expired";
  return { ok: false, reason: "ended", notice, headers: await endAttemptHeaders(auth) };
}

/** "Text me a code": sends a code to the pending account's verified sign-in phone. */
export async function textSecondStepCode(deps: Deps, headers: Headers): Promise<boolean> {
  const pending = await pendingSecondStep(deps, headers);
  if (!pending?.canText) return false;
  const response = await authAnswer(() =>
    deps.auth.api.sendTwoFactorOTP({ body: {}, headers, asResponse: true }),
  );
  return response.ok;
}
