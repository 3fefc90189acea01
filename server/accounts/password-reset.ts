import { RESET_LINK_DEAD } from "#app/lib/schemas/password-reset.ts";
import { WEAK_PASSWORD_CODE, weakPasswordMessage } from "#server/auth/password-policy.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { type AddressLimit, limitPerAddress } from "./address-limit.ts";
import { authAnswer, authFailure, readRefusal } from "./auth-answer.ts";
import { done, type Outcome, refuse } from "./outcome.ts";

/** Per client address, for the pages' own calls (README); each email also has its own limit. */
export const RESET_PAGE_LIMITS = {
  requests: { key: "reset-request-ip", perMinute: 5 },
  resets: { key: "reset-ip", perMinute: 10 },
} satisfies Record<string, AddressLimit>;

export const RESET_SENT =
  "If an account exists for that email, we sent a link to reset the password.";
/** What the pages say when the auth service failed (the failure is thrown and logged). */
export const RESET_LINK_NOT_SENT = "We could not send the link just now. Please try again.";
export const RESET_FAILED = "We could not reset the password. Please try again.";

type FromClient = { headers: Headers; clientAddress: string };

/**
 * Emails a reset link (valid RESET_LINK_MINUTES, once) to the account with that email, if there is
 * one; the answer never says whether there is.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  input: FromClient & { email: string },
): Promise<Outcome<void>> {
  const busy = await limitPerAddress(ctx, input.clientAddress, RESET_PAGE_LIMITS.requests);
  if (busy) return busy;
  const response = await authAnswer(() =>
    ctx.auth.api.requestPasswordReset({
      body: { email: input.email, redirectTo: `${ctx.config.baseUrl}/reset-password` },
      headers: input.headers,
      asResponse: true,
    }),
  );
  if (response.ok) return done(undefined);
  const refusal = await readRefusal(response);
  if (refusal.kind === "rate_limited" && refusal.message) {
    return refuse("rate_limited", refusal.message, {
      ...(refusal.retryAfterSeconds !== null
        ? { retryAfterSeconds: refusal.retryAfterSeconds }
        : {}),
    });
  }
  throw authFailure(ctx, refusal, "a reset link was not sent");
}

/** Sets the new password; Better Auth ends every session of the account (revokeSessionsOnPasswordReset). */
export async function resetPassword(
  ctx: ServiceContext,
  input: FromClient & { token: string; newPassword: string },
): Promise<Outcome<void>> {
  const busy = await limitPerAddress(ctx, input.clientAddress, RESET_PAGE_LIMITS.resets);
  if (busy) return busy;
  const response = await authAnswer(() =>
    ctx.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.newPassword },
      headers: input.headers,
      asResponse: true,
    }),
  );
  if (response.ok) return done(undefined);
  const refusal = await readRefusal(response);
  if (refusal.code === WEAK_PASSWORD_CODE) {
    return refuse("invalid", weakPasswordMessage(refusal.reasons), {
      reasons: refusal.reasons,
      fieldErrors: { newPassword: weakPasswordMessage(refusal.reasons) },
    });
  }
  // Used, expired or never issued: the token in the form is no good, and only a new link helps.
  if (refusal.code === "INVALID_TOKEN" || refusal.code === "USER_NOT_FOUND") {
    return refuse("invalid", RESET_LINK_DEAD, { code: "INVALID_TOKEN" });
  }
  throw authFailure(ctx, refusal, "password reset failed");
}
