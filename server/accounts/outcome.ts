import { WEAK_PASSWORD_CODE, weakPasswordMessage } from "#server/auth/password-policy.ts";
import { authAnswer, readRefusal } from "./auth-answer.ts";

/** What an account action tells its caller: done, or refused with a status and words for a person. */
export type Refusal = {
  ok: false;
  status: 400 | 403 | 404 | 409 | 429;
  message: string;
  /** For a weak password: every reason, listed to the person. */
  reasons?: string[];
  /** The auth service's code, when it refused (USERNAME_IS_ALREADY_TAKEN…). */
  code?: string;
};
export type Outcome<T> = { ok: true; value: T } | Refusal;

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refuse = (status: Refusal["status"], message: string, reasons?: string[]): Refusal =>
  reasons ? { ok: false, status, message, reasons } : { ok: false, status, message };

/** Better Auth's refusal codes in our words; codes not listed keep Better Auth's message. */
const AUTH_MESSAGES: Record<string, { status: Refusal["status"]; message: string }> = {
  USERNAME_IS_ALREADY_TAKEN: {
    status: 409,
    message: "That username is taken. Choose another.",
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    status: 409,
    message: "An account with this email already exists.",
  },
  INVALID_USERNAME: {
    status: 400,
    message: "Username may use only letters, digits, dots, underscores and hyphens",
  },
  YOU_CANNOT_BAN_YOURSELF: { status: 400, message: "You cannot ban yourself." },
  YOU_CANNOT_REMOVE_YOURSELF: { status: 400, message: "You cannot delete your own account." },
  USER_NOT_FOUND: { status: 404, message: "No such user in your company." },
};

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
  const refusal = await readRefusal(response);
  if (refusal.code === WEAK_PASSWORD_CODE) {
    return refuse(400, weakPasswordMessage(refusal.reasons), refusal.reasons);
  }
  const known = refusal.code ? AUTH_MESSAGES[refusal.code] : undefined;
  if (known && refusal.code) return { ...refuse(known.status, known.message), code: refusal.code };
  if (response.status >= 500) throw new Error(`auth answered ${response.status}`);
  const status = response.status === 403 || response.status === 429 ? response.status : 400;
  return refuse(status, refusal.message ?? "That did not work. Please try again.");
}
