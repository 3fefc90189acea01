import { RESET_LINK_DEAD } from "#app/lib/schemas/password-reset.ts";
import { WEAK_PASSWORD_CODE, weakPasswordMessage } from "#server/auth/password-policy.ts";
import { hit } from "#server/platform/rate-limit.ts";
import { getRuntime } from "#server/runtime.server.ts";
import { authAnswer, readRefusal } from "./auth-answer.ts";

/** Per client address, for the pages' own calls (README); each email also has its own limit. */
export const RESET_PAGE_LIMITS = { requestsPerMinute: 5, resetsPerMinute: 10 } as const;

export const RESET_SENT =
  "If an account exists for that email, we sent a link to reset the password.";
const BUSY = "Too many attempts from your network. Please wait a minute and try again.";

export type ResetRequestResult = { ok: true } | { ok: false; message: string };

/**
 * Emails a reset link (valid RESET_LINK_MINUTES, once) to the account with that email, if there is
 * one; the answer never says whether there is.
 */
export async function requestPasswordReset(
  request: Request,
  clientAddress: string,
  email: string,
): Promise<ResetRequestResult> {
  const { auth, config, database, logger } = await getRuntime();
  const perAddress = await hit(
    database.db,
    `reset-request-ip:${clientAddress}`,
    RESET_PAGE_LIMITS.requestsPerMinute,
    60,
  );
  if (!perAddress.allowed) return { ok: false, message: BUSY };
  const response = await authAnswer(() =>
    auth.api.requestPasswordReset({
      body: { email, redirectTo: `${config.baseUrl}/reset-password` },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (response.ok) return { ok: true };
  const refusal = await readRefusal(response);
  if (response.status === 429 && refusal.message) return { ok: false, message: refusal.message };
  logger.error({ status: response.status, code: refusal.code }, "a reset link was not sent");
  return { ok: false, message: "We could not send the link just now. Please try again." };
}

export type ResetResult =
  | { ok: true }
  | { ok: false; reason: "dead-link" | "weak" | "busy" | "failed"; message: string };

/** Sets the new password; Better Auth ends every session of the account (revokeSessionsOnPasswordReset). */
export async function resetPassword(
  request: Request,
  clientAddress: string,
  input: { token: string; newPassword: string },
): Promise<ResetResult> {
  const { auth, database, logger } = await getRuntime();
  const perAddress = await hit(
    database.db,
    `reset-ip:${clientAddress}`,
    RESET_PAGE_LIMITS.resetsPerMinute,
    60,
  );
  if (!perAddress.allowed) return { ok: false, reason: "busy", message: BUSY };
  const response = await authAnswer(() =>
    auth.api.resetPassword({
      body: { token: input.token, newPassword: input.newPassword },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (response.ok) return { ok: true };
  const refusal = await readRefusal(response);
  if (refusal.code === WEAK_PASSWORD_CODE) {
    return { ok: false, reason: "weak", message: weakPasswordMessage(refusal.reasons) };
  }
  if (refusal.code === "INVALID_TOKEN" || refusal.code === "USER_NOT_FOUND") {
    return { ok: false, reason: "dead-link", message: RESET_LINK_DEAD };
  }
  logger.error({ status: response.status, code: refusal.code }, "password reset failed");
  return {
    ok: false,
    reason: "failed",
    message: "We could not reset the password. Please try again.",
  };
}
