import type { CodeDestination } from "#app/lib/schemas/code-sign-in.ts";
import { CODE_RESEND } from "#server/auth/code-sign-in-hooks.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { type AddressLimit, limitPerAddress } from "./address-limit.ts";
import {
  asksForSecondStep,
  authAnswer,
  authFailure,
  cookieHeaders,
  readRefusal,
} from "./auth-answer.ts";
import { done, type Outcome, refuse } from "./outcome.ts";

/**
 * Per client address, for the page's own calls (server-side calls skip Better Auth's per-IP
 * limiter, so these mirror its rules for the same endpoints; README).
 */
export const CODE_PAGE_LIMITS = {
  requests: { key: "code-request-ip", perMinute: 5 },
  attempts: { key: "code-attempt-ip", perMinute: 20 },
} satisfies Record<string, AddressLimit>;

/** What the page says when a code could not be sent (the failure itself is thrown and logged). */
export const CODE_SEND_FAILED = "We could not send a code just now. Please try again in a moment.";

/** The code sign-in came from this browser (its headers) at this address. */
type FromClient = { headers: Headers; clientAddress: string };

/**
 * Sends a sign-in code by email or text. The answer is the same whether or not an account has
 * that address: the auth service sends only to accounts and counts every request alike. A refused
 * resend (too early, too many) says how long to wait; a code that could not be sent is a fault,
 * thrown for the page to log and own up to.
 */
export async function requestSignInCode(
  ctx: ServiceContext,
  input: FromClient & { to: CodeDestination },
): Promise<Outcome<{ resendInSeconds: number }>> {
  const busy = await limitPerAddress(ctx, input.clientAddress, CODE_PAGE_LIMITS.requests);
  if (busy) return busy;
  const { headers, to } = input;
  const response = await authAnswer(() =>
    to.kind === "email"
      ? ctx.auth.api.sendVerificationOTP({
          body: { email: to.email, type: "sign-in" },
          headers,
          asResponse: true,
        })
      : ctx.auth.api.sendPhoneNumberOTP({
          body: { phoneNumber: to.phoneNumber },
          headers,
          asResponse: true,
        }),
  );
  if (response.ok) return done({ resendInSeconds: CODE_RESEND.cooldownSeconds });
  const refusal = await readRefusal(response);
  if (refusal.kind === "rate_limited" && refusal.message) {
    return refuse("rate_limited", refusal.message, {
      retryAfterSeconds: refusal.retryAfterSeconds ?? CODE_RESEND.cooldownSeconds,
    });
  }
  throw authFailure(ctx, refusal, "a sign-in code was not sent");
}

/** Signs in with a code; a dead code (five wrong tries) says so, so the person asks for another. */
export async function signInWithCode(
  ctx: ServiceContext,
  input: FromClient & { to: CodeDestination; code: string },
): Promise<Outcome<{ headers: Headers; twoFactor: boolean }>> {
  const busy = await limitPerAddress(ctx, input.clientAddress, CODE_PAGE_LIMITS.attempts);
  if (busy) return busy;
  const { headers, to, code } = input;
  const response = await authAnswer(() =>
    to.kind === "email"
      ? ctx.auth.api.signInEmailOTP({
          body: { email: to.email, otp: code },
          headers,
          asResponse: true,
        })
      : ctx.auth.api.verifyPhoneNumber({
          body: { phoneNumber: to.phoneNumber, code },
          headers,
          asResponse: true,
        }),
  );
  if (response.ok) {
    return done({ headers: cookieHeaders(response), twoFactor: await asksForSecondStep(response) });
  }
  const refusal = await readRefusal(response);
  const message = refusal.message ?? "That code did not work. Request a new code.";
  // The code is dead: only a new one helps.
  if (refusal.code === "TOO_MANY_ATTEMPTS") return refuse("gone", message, { code: refusal.code });
  if (refusal.kind === "fault") {
    ctx.ports.logger.error({ status: refusal.status }, "code sign-in failed");
  }
  return refuse("invalid", message);
}
