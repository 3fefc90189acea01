import type { CodeDestination } from "#app/lib/schemas/code-sign-in.ts";
import { CODE_RESEND } from "#server/auth/code-sign-in-hooks.ts";
import { hit } from "#server/platform/rate-limit.ts";
import { getRuntime } from "#server/runtime.server.ts";
import { authAnswer, readRefusal } from "./auth-answer.ts";
import { cookieHeaders } from "./session.ts";

/**
 * Per client address, for the page's own calls (server-side calls skip Better Auth's per-IP
 * limiter, so these mirror its rules for the same endpoints; README).
 */
export const CODE_PAGE_LIMITS = {
  requestsPerMinute: 5,
  attemptsPerMinute: 20,
} as const;

export const CODE_SEND_FAILED = "We could not send a code just now. Please try again in a moment.";
const BUSY = "Too many attempts from your network. Please wait a minute and try again.";

export type CodeRequestResult =
  | { ok: true; resendInSeconds: number }
  | { ok: false; message: string; retryAfterSeconds: number };

/**
 * Sends a sign-in code by email or text. The answer is the same whether or not an account has
 * that address: the auth service sends only to accounts and counts every request alike.
 */
export async function requestSignInCode(
  request: Request,
  clientAddress: string,
  to: CodeDestination,
): Promise<CodeRequestResult> {
  const { auth, database, logger } = await getRuntime();
  const perAddress = await hit(
    database.db,
    `code-request-ip:${clientAddress}`,
    CODE_PAGE_LIMITS.requestsPerMinute,
    60,
  );
  if (!perAddress.allowed) {
    return { ok: false, message: BUSY, retryAfterSeconds: perAddress.retryAfterSeconds };
  }
  const headers = request.headers;
  const response = await authAnswer(() =>
    to.kind === "email"
      ? auth.api.sendVerificationOTP({
          body: { email: to.email, type: "sign-in" },
          headers,
          asResponse: true,
        })
      : auth.api.sendPhoneNumberOTP({
          body: { phoneNumber: to.phoneNumber },
          headers,
          asResponse: true,
        }),
  );
  if (response.ok) return { ok: true, resendInSeconds: CODE_RESEND.cooldownSeconds };
  const refusal = await readRefusal(response);
  if (response.status === 429 && refusal.message) {
    return {
      ok: false,
      message: refusal.message,
      retryAfterSeconds: refusal.retryAfterSeconds ?? CODE_RESEND.cooldownSeconds,
    };
  }
  logger.error({ status: response.status, code: refusal.code }, "a sign-in code was not sent");
  return { ok: false, message: CODE_SEND_FAILED, retryAfterSeconds: 0 };
}

export type CodeSignInResult =
  | { ok: true; headers: Headers; twoFactor: boolean }
  | { ok: false; reason: "invalid" | "exhausted" | "busy"; message: string };

/** Signs in with a code; a dead code (five wrong tries) says so, so the person asks for another. */
export async function signInWithCode(
  request: Request,
  clientAddress: string,
  to: CodeDestination,
  code: string,
): Promise<CodeSignInResult> {
  const { auth, database, logger } = await getRuntime();
  const perAddress = await hit(
    database.db,
    `code-attempt-ip:${clientAddress}`,
    CODE_PAGE_LIMITS.attemptsPerMinute,
    60,
  );
  if (!perAddress.allowed) return { ok: false, reason: "busy", message: BUSY };
  const headers = request.headers;
  const response = await authAnswer(() =>
    to.kind === "email"
      ? auth.api.signInEmailOTP({ body: { email: to.email, otp: code }, headers, asResponse: true })
      : auth.api.verifyPhoneNumber({
          body: { phoneNumber: to.phoneNumber, code },
          headers,
          asResponse: true,
        }),
  );
  if (response.ok) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    const twoFactor =
      typeof body === "object" && body !== null && Reflect.get(body, "twoFactorRedirect") === true;
    return { ok: true, headers: cookieHeaders(response), twoFactor };
  }
  const refusal = await readRefusal(response);
  const message = refusal.message ?? "That code did not work. Request a new code.";
  if (refusal.code === "TOO_MANY_ATTEMPTS") return { ok: false, reason: "exhausted", message };
  if (response.status >= 500) logger.error({ status: response.status }, "code sign-in failed");
  return { ok: false, reason: "invalid", message };
}
