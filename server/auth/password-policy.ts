import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#app/lib/schemas/account.ts";

/**
 * About 49,000 passwords seen most often in breaches (the zxcvbn-ts common list), bundled so the
 * check needs no network. Compared in lower case: "Password1" is as weak as "password1".
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  dictionary["passwords-common"].map((word) => word.toLowerCase()),
);

export const WEAK_PASSWORD_CODE = "WEAK_PASSWORD";

/** The one sentence every screen shows for a refused password, reasons included. */
export function weakPasswordMessage(reasons: readonly string[]): string {
  return reasons.length > 0
    ? `Choose a stronger password: ${reasons.join("; ")}.`
    : "Choose a stronger password.";
}

/** Who the password belongs to, so it may not simply repeat their name or address. */
export type PasswordOwner = { username?: string | null; email?: string | null };

/**
 * Every reason a new password is refused, in words for the person choosing it; empty when it is
 * acceptable. The one policy for sign-up, invitations, password changes, resets and admin.
 */
export function passwordProblems(password: string, owner: PasswordOwner = {}): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(`Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`);
  }
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) {
    problems.push("Password is too common; choose one that is not on lists of common passwords");
  }
  const username = owner.username?.trim().toLowerCase();
  if (username && username.length >= 3 && lower.includes(username)) {
    problems.push("Password must not contain your username");
  }
  const email = owner.email?.trim().toLowerCase();
  const mailbox = email?.split("@")[0];
  if (
    email &&
    (lower.includes(email) || (mailbox && mailbox.length >= 3 && lower.includes(mailbox)))
  ) {
    problems.push("Password must not contain your email address");
  }
  return problems;
}
