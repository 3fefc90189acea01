import type { UserContext } from "#server/platform/context.ts";
import { hit } from "#server/platform/rate-limit.ts";
import { authAnswer, readRefusal } from "./auth-answer.ts";
import { done, type Outcome, refuse } from "./outcome.ts";
import { reauthenticate } from "./reauth.ts";

/** Texts to one account: 5 codes per 15 minutes, so the page cannot be used to flood a phone. */
const SEND_LIMIT = { count: 5, windowSeconds: 15 * 60 } as const;

/**
 * Step 1 of setting the sign-in phone (the number second-step codes go to): reauthenticate, then
 * text a code to the new number through the phone plugin (SMS port, outbox channel sms).
 */
export async function sendSignInPhoneCode(
  ctx: UserContext,
  input: { headers: Headers; phoneNumber: string; password: string },
): Promise<Outcome<void>> {
  const { headers } = input;
  const reauth = await reauthenticate(ctx, { headers, password: input.password });
  if (!reauth.ok) return reauth;
  const sent = await hit(
    ctx.db,
    `sign-in-phone-codes:${ctx.user.id}`,
    SEND_LIMIT.count,
    SEND_LIMIT.windowSeconds,
  );
  if (!sent.allowed) {
    return refuse("rate_limited", "Too many codes sent. Please wait a few minutes and try again.", {
      retryAfterSeconds: sent.retryAfterSeconds,
    });
  }
  const response = await authAnswer(() =>
    ctx.auth.api.sendPhoneNumberOTP({
      body: { phoneNumber: input.phoneNumber },
      headers,
      asResponse: true,
    }),
  );
  return response.ok ? done(undefined) : refuse("invalid", "Could not send the code. Try again.");
}

/** Better Auth's refusals of a texted code, in our words. */
const CODE_REFUSALS: Record<string, ReturnType<typeof refuse>> = {
  PHONE_NUMBER_EXIST: refuse("conflict", "That number is already the sign-in phone of an account."),
  TOO_MANY_ATTEMPTS: refuse("rate_limited", "Too many wrong codes. Send a new code."),
  OTP_EXPIRED: refuse("gone", "That code has expired. Send a new code."),
  OTP_NOT_FOUND: refuse("gone", "That code has expired. Send a new code."),
};

/**
 * Step 2: the texted code proves the number; it becomes this account's verified sign-in phone.
 * Reauthentication is checked again here (a code for any number can be requested without a
 * session); a password given at step 1 counts for 15 minutes.
 */
export async function verifySignInPhone(
  ctx: UserContext,
  input: { headers: Headers; phoneNumber: string; code: string },
): Promise<Outcome<void>> {
  const { headers } = input;
  const reauth = await reauthenticate(ctx, { headers });
  if (!reauth.ok) return reauth;
  const response = await authAnswer(() =>
    ctx.auth.api.verifyPhoneNumber({
      body: { phoneNumber: input.phoneNumber, code: input.code, updatePhoneNumber: true },
      headers,
      asResponse: true,
    }),
  );
  if (response.ok) return done(undefined);
  const refusal = await readRefusal(response);
  return (refusal.code && CODE_REFUSALS[refusal.code]) || refuse("invalid", "Invalid code");
}
