import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { renderSVG } from "uqr";
import type { LoginNotice } from "#app/lib/login-notices.ts";
import type { SecondFactorMethod } from "#app/lib/schemas/two-factor.ts";
import { TWO_FACTOR_COOKIE, TWO_FACTOR_ENDED_CODE } from "#server/auth/two-factor-attempts.ts";
import { agent_users as agentUsers } from "#server/db/schema/index.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { hit } from "#server/platform/rate-limit.ts";
import { authAnswer, cookieHeaders, field, readRefusal } from "./auth-answer.ts";
import { done, type Outcome, refuse } from "./outcome.ts";
import { reauthenticate } from "./reauth.ts";

const INVALID_CODE_MESSAGE = "Invalid code";
const TOO_MANY_CODES = "Too many wrong codes. Try again later.";

async function twoFactorEnabled(ctx: UserContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ on: agentUsers.twoFactorEnabled })
    .from(agentUsers)
    .where(eq(agentUsers.id, ctx.user.id));
  return row?.on === true;
}

/** Asking for what is already so: the page offers the other step instead. */
const alreadyOn = () => refuse("invalid", "Two-factor authentication is already on.");
const alreadyOff = () => refuse("invalid", "Two-factor authentication is already off.");

export type EnrollmentStart = {
  /** The QR code of the otpauth:// address, as SVG markup made here on the server. */
  qrSvg: string;
  /** The same secret as text (base32), for typing into an app by hand. */
  key: string;
};

/**
 * Step 1 of enrollment: the password (always: Better Auth requires it to enable a factor), then a
 * new secret. The secret leaves the server only in this answer, for the enrollment dialog.
 */
export async function startTotpEnrollment(
  ctx: UserContext,
  input: { headers: Headers; password: string },
): Promise<Outcome<EnrollmentStart>> {
  const { headers, password } = input;
  if (await twoFactorEnabled(ctx)) return alreadyOn();
  const reauth = await reauthenticate(ctx, { headers, password, passwordRequired: true });
  if (!reauth.ok) return reauth;
  const failed = refuse("invalid", "Could not start two-factor setup. Try again.");
  const response = await authAnswer(() =>
    ctx.auth.api.enableTwoFactor({
      body: { password, method: "totp" },
      headers,
      asResponse: true,
    }),
  );
  if (!response.ok) return failed;
  const totpURI = field(await response.json(), "totpURI");
  if (typeof totpURI !== "string") return failed;
  const key = new URL(totpURI).searchParams.get("secret") ?? "";
  return done({ qrSvg: renderSVG(totpURI, { border: 2 }), key });
}

/**
 * Step 2: the first code from the app turns the factor on. The answer carries the 10 backup codes
 * (this is the only time they are shown: a second confirm is refused because the factor is on)
 * and the renewed session cookie.
 */
export async function confirmTotpEnrollment(
  ctx: UserContext,
  input: { headers: Headers; code: string },
): Promise<Outcome<{ backupCodes: string[]; headers: Headers }>> {
  if (await twoFactorEnabled(ctx)) return alreadyOn();
  // The signed-in path of verify-totp counts nothing; this bounds guessing at the first code.
  const tries = await hit(ctx.db, `two-factor-enroll:${ctx.user.id}`, 10, 15 * 60);
  if (!tries.allowed) {
    return refuse("rate_limited", TOO_MANY_CODES, { retryAfterSeconds: tries.retryAfterSeconds });
  }
  const response = await authAnswer(() =>
    ctx.auth.api.verifyTOTP({
      body: { code: input.code },
      headers: input.headers,
      asResponse: true,
    }),
  );
  if (!response.ok) return refuse("invalid", INVALID_CODE_MESSAGE);
  const viewed = await ctx.auth.api.viewBackupCodes({ body: { userId: ctx.user.id } });
  return done({ backupCodes: viewed.backupCodes, headers: cookieHeaders(response) });
}

/** New backup codes (the old ones stop working); needs the password. */
export async function regenerateBackupCodes(
  ctx: UserContext,
  input: { headers: Headers; password: string },
): Promise<Outcome<{ backupCodes: string[] }>> {
  const { headers, password } = input;
  const reauth = await reauthenticate(ctx, { headers, password, passwordRequired: true });
  if (!reauth.ok) return reauth;
  const failed = refuse("invalid", "Could not make new backup codes. Try again.");
  const response = await authAnswer(() =>
    ctx.auth.api.generateBackupCodes({ body: { password }, headers, asResponse: true }),
  );
  if (!response.ok) return failed;
  const codes = field(await response.json(), "backupCodes");
  if (!Array.isArray(codes) || !codes.every((c): c is string => typeof c === "string")) {
    return failed;
  }
  return done({ backupCodes: codes });
}

/**
 * Unenrolling needs the password and a current code (authenticator or backup); without both,
 * nothing changes. The password is checked first, so a wrong one does not spend a backup code.
 * Better Auth replaces the session when the factor goes: the answer carries the new cookie.
 */
export async function disableTwoFactor(
  ctx: UserContext,
  input: { headers: Headers; code: string; password: string },
): Promise<Outcome<{ headers: Headers }>> {
  const { headers } = input;
  if (!(await twoFactorEnabled(ctx))) return alreadyOff();
  const reauth = await reauthenticate(ctx, {
    headers,
    password: input.password,
    passwordRequired: true,
  });
  if (!reauth.ok) return reauth;
  const tries = await hit(ctx.db, `two-factor-disable:${ctx.user.id}`, 5, 15 * 60);
  if (!tries.allowed) {
    return refuse("rate_limited", TOO_MANY_CODES, { retryAfterSeconds: tries.retryAfterSeconds });
  }
  const isBackup = input.code.includes("-");
  const checked = await authAnswer(() =>
    isBackup
      ? ctx.auth.api.verifyBackupCode({
          body: { code: input.code, disableSession: true },
          headers,
          asResponse: true,
        })
      : ctx.auth.api.verifyTOTP({ body: { code: input.code }, headers, asResponse: true }),
  );
  if (!checked.ok) return refuse("invalid", INVALID_CODE_MESSAGE);
  const response = await authAnswer(() =>
    ctx.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers,
      asResponse: true,
    }),
  );
  if (!response.ok) {
    return refuse("invalid", "Could not turn two-factor authentication off. Try again.");
  }
  return done({ headers: cookieHeaders(response) });
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
  ctx: ServiceContext,
  input: { headers: Headers },
): Promise<PendingSecondStep | null> {
  const auth = await ctx.auth.$context;
  const cookie = auth.createAuthCookie(TWO_FACTOR_COOKIE);
  const raw = readCookie(input.headers, cookie.name);
  const identifier = raw ? unsign(raw, auth.secret) : null;
  if (!identifier) return null;
  const pending = await auth.internalAdapter.findVerificationValue(identifier);
  if (!pending || pending.expiresAt <= ctx.ports.clock.now()) return null;
  const [row] = await ctx.db
    .select({
      phoneNumber: agentUsers.phoneNumber,
      verified: agentUsers.phoneNumberVerified,
    })
    .from(agentUsers)
    .where(eq(agentUsers.id, pending.value));
  if (!row) return null;
  return { userId: pending.value, canText: Boolean(row.phoneNumber) && row.verified === true };
}

export type SecondStep =
  /** Signed in: the headers carry the new session. */
  | { signedIn: true; headers: Headers }
  /**
   * The attempt is over (too many wrong codes, or it expired): sign in again. The headers
   * expire the pending-attempt cookie in the browser.
   */
  | { signedIn: false; notice: LoginNotice; headers: Headers };

/** Expires the pending-attempt cookie in the browser. */
async function endAttemptHeaders(ctx: ServiceContext): Promise<Headers> {
  const auth = await ctx.auth.$context;
  const cookie = auth.createAuthCookie(TWO_FACTOR_COOKIE);
  const headers = new Headers();
  const secure = cookie.attributes.secure ? "; Secure" : "";
  headers.append(
    "Set-Cookie",
    `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
  );
  return headers;
}

/**
 * Checks a code at the second step. A wrong code is refused and the attempt goes on; an attempt
 * that is over is no refusal of the code but where the sign-in now stands.
 */
export async function verifySecondStep(
  ctx: ServiceContext,
  input: { headers: Headers; method: SecondFactorMethod; code: string; trustDevice: boolean },
): Promise<Outcome<SecondStep>> {
  const { auth } = ctx;
  const { headers } = input;
  const body = { code: input.code, trustDevice: input.trustDevice };
  const response = await authAnswer(() =>
    input.method === "totp"
      ? auth.api.verifyTOTP({ body, headers, asResponse: true })
      : input.method === "backup"
        ? auth.api.verifyBackupCode({ body, headers, asResponse: true })
        : auth.api.verifyTwoFactorOTP({ body, headers, asResponse: true }),
  );
  if (response.ok) return done({ signedIn: true, headers: cookieHeaders(response) });
  const refusal = await readRefusal(response);
  if (refusal.code === "INVALID_CODE" || refusal.code === "INVALID_BACKUP_CODE") {
    return refuse("invalid", INVALID_CODE_MESSAGE);
  }
  if (refusal.code === "OTP_HAS_EXPIRED" && (await pendingSecondStep(ctx, { headers }))) {
    return refuse("invalid", "That code has expired or was never sent. Text me a new code.");
  }
  const notice: LoginNotice =
    refusal.code === TWO_FACTOR_ENDED_CODE ||
    refusal.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" ||
    refusal.code === "ACCOUNT_TEMPORARILY_LOCKED"
      ? "two-factor-ended"
      : "two-factor-expired";
  return done({ signedIn: false, notice, headers: await endAttemptHeaders(ctx) });
}

/**
 * "Text me a code": sends a code to the pending account's verified sign-in phone. Refused as gone
 * when there is no attempt any more, so the page starts the sign-in again.
 */
export async function textSecondStepCode(
  ctx: ServiceContext,
  input: { headers: Headers },
): Promise<Outcome<void>> {
  const pending = await pendingSecondStep(ctx, input);
  if (!pending) return refuse("gone", "The sign-in attempt has ended. Sign in again.");
  const cannot = refuse("invalid", "We could not text a code. Use your authenticator app instead.");
  if (!pending.canText) return cannot;
  const response = await authAnswer(() =>
    ctx.auth.api.sendTwoFactorOTP({ body: {}, headers: input.headers, asResponse: true }),
  );
  return response.ok ? done(undefined) : cannot;
}
