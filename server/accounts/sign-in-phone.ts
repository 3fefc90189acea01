import type { Auth } from "#server/auth/index.ts";
import type { Database } from "#server/db/client.ts";
import { hit } from "#server/platform/rate-limit.ts";
import { authAnswer, readRefusal } from "./auth-answer.ts";
import { reauthenticate } from "./reauth.ts";
import type { SessionUser } from "./session.ts";

type Deps = { auth: Auth; db: Database };
type Result = { ok: true } | { ok: false; message: string };

/** Texts to one account: 5 codes per 15 minutes, so the page cannot be used to flood a phone. */
const SEND_LIMIT = { count: 5, windowSeconds: 15 * 60 } as const;

/**
 * Step 1 of setting the sign-in phone (the number second-step codes go to): reauthenticate, then
 * text a code to the new number through the phone plugin (SMS port, outbox channel sms).
 */
export async function sendSignInPhoneCode(
  deps: Deps,
  user: SessionUser,
  headers: Headers,
  input: { phoneNumber: string; password: string },
): Promise<Result> {
  const reauth = await reauthenticate(deps, headers, { password: input.password });
  if (!reauth.ok) return { ok: false, message: reauth.message };
  const sent = await hit(
    deps.db,
    `sign-in-phone-codes:${user.id}`,
    SEND_LIMIT.count,
    SEND_LIMIT.windowSeconds,
  );
  if (!sent.allowed) {
    return { ok: false, message: "Too many codes sent. Please wait a few minutes and try again." };
  }
  const response = await authAnswer(() =>
    deps.auth.api.sendPhoneNumberOTP({
      body: { phoneNumber: input.phoneNumber },
      headers,
      asResponse: true,
    }),
  );
  return response.ok ? { ok: true } : { ok: false, message: "Could not send the code. Try again." };
}

/**
 * Step 2: the texted code proves the number; it becomes this account's verified sign-in phone.
 * Reauthentication is checked again here (a code for any number can be requested without a
 * session); a password given at step 1 counts for 15 minutes.
 */
export async function verifySignInPhone(
  deps: Deps,
  headers: Headers,
  input: { phoneNumber: string; code: string },
): Promise<Result> {
  const reauth = await reauthenticate(deps, headers, {});
  if (!reauth.ok) return { ok: false, message: reauth.message };
  const response = await authAnswer(() =>
    deps.auth.api.verifyPhoneNumber({
      body: { phoneNumber: input.phoneNumber, code: input.code, updatePhoneNumber: true },
      headers,
      asResponse: true,
    }),
  );
  if (response.ok) return { ok: true };
  const refusal = await readRefusal(response);
  if (refusal.code === "PHONE_NUMBER_EXIST") {
    return { ok: false, message: "That number is already the sign-in phone of an account." };
  }
  if (refusal.code === "TOO_MANY_ATTEMPTS") {
    return { ok: false, message: "Too many wrong codes. Send a new code." };
  }
  if (refusal.code === "OTP_EXPIRED" || refusal.code === "OTP_NOT_FOUND") {
    return { ok: false, message: "That code has expired. Send a new code." };
  }
  return { ok: false, message: "Invalid code" };
}
