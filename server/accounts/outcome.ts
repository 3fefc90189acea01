import { WEAK_PASSWORD_CODE, weakPasswordMessage } from "#server/auth/password-policy.ts";
import {
  type DomainErrorKind,
  done,
  type Outcome,
  type Refusal,
  refuse,
} from "#server/platform/errors.ts";
import { type AuthRefusal, AuthServiceFailure, authAnswer, readRefusal } from "./auth-answer.ts";

export { done, type Outcome, type Refusal, refuse };

/** Better Auth's refusal codes in our words; codes not listed keep Better Auth's message. */
const AUTH_MESSAGES: Record<string, { kind: DomainErrorKind; message: string }> = {
  USERNAME_IS_ALREADY_TAKEN: {
    kind: "conflict",
    message: "That username is taken. Choose another.",
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    kind: "conflict",
    message: "An account with this email already exists.",
  },
  INVALID_USERNAME: {
    kind: "invalid",
    message: "Username may use only letters, digits, dots, underscores and hyphens",
  },
  YOU_CANNOT_BAN_YOURSELF: { kind: "invalid", message: "You cannot ban yourself." },
  YOU_CANNOT_REMOVE_YOURSELF: { kind: "invalid", message: "You cannot delete your own account." },
  USER_NOT_FOUND: { kind: "not_found", message: "No such user in your company." },
};

/** An auth refusal in our words: the policy's reasons, a known code's message, or its own. */
export function authRefusal(refusal: AuthRefusal, fallback: string): Refusal {
  if (refusal.code === WEAK_PASSWORD_CODE) {
    return refuse("invalid", weakPasswordMessage(refusal.reasons), { reasons: refusal.reasons });
  }
  const known = refusal.code ? AUTH_MESSAGES[refusal.code] : undefined;
  if (known && refusal.code) return refuse(known.kind, known.message, { code: refusal.code });
  if (refusal.kind === "fault") {
    throw new AuthServiceFailure(`the auth service failed (${refusal.status})`);
  }
  return refuse(refusal.kind, refusal.message ?? fallback, {
    ...(refusal.retryAfterSeconds !== null ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
  });
}

/**
 * Calls a Better Auth endpoint for its Response and reads a refusal in our words; `read` turns a
 * successful answer into the value.
 */
export async function viaAuth<T>(
  call: () => Promise<Response>,
  read: (response: Response) => Promise<T>,
): Promise<Outcome<T>> {
  const response = await authAnswer(call);
  if (response.ok) return done(await read(response));
  return authRefusal(await readRefusal(response), "That did not work. Please try again.");
}

/** Which field of an account form a refusal is about: the new password, or the username. */
export function accountFieldOf(refusal: Refusal): "password" | "username" | null {
  if (refusal.reasons) return "password";
  return refusal.code === "USERNAME_IS_ALREADY_TAKEN" || refusal.code === "INVALID_USERNAME"
    ? "username"
    : null;
}
