import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { agent_users } from "#server/db/schema/index.ts";
import type { Mailer } from "#server/platform/mail.ts";
import type { SmsSender } from "#server/platform/sms.ts";

/** Minutes a one-time code or a recovery link stays good (issue 6: codes last 10 minutes). */
export const ONE_TIME_CODE_MINUTES = 10;
export const RESET_LINK_MINUTES = 60;
export const SIGN_IN_LINK_MINUTES = 15;

export type EmailCodePurpose =
  | "sign-in"
  | "email-verification"
  | "forget-password"
  | "change-email";

/**
 * Every message the auth service sends, in words. Better Auth decides when to send; these decide
 * what the person reads and through which port (mail or SMS) it goes.
 */
export type AuthMessenger = {
  emailCode(to: string, code: string, purpose: EmailCodePurpose): Promise<void>;
  phoneCode(to: string, code: string, purpose: "sign-in" | "two-factor" | "reset"): Promise<void>;
  resetLink(to: string, url: string): Promise<void>;
  signInLink(to: string, url: string): Promise<void>;
  /** Tells the owner that failed sign-ins from many places locked the account for a while. */
  accountLocked(to: string, seconds: number): Promise<void>;
};

const EMAIL_CODE_SUBJECTS: Record<EmailCodePurpose, string> = {
  "sign-in": "Your Carrierline sign-in code",
  "email-verification": "Confirm your email address for Carrierline",
  "forget-password": "Your Carrierline password reset code",
  "change-email": "Confirm your new email address for Carrierline",
};

const ignoreLink = "If you did not ask for this, you can ignore this message.";

/**
 * The company of the account an address belongs to, so the outbox shows its codes and links to that
 * company's admins only. Null when no account has it (then nothing secret is sent there anyway).
 */
async function companyOf(db: Database, to: { email: string } | { phoneNumber: string }) {
  const [row] = await db
    .select({ companyId: agent_users.companyId })
    .from(agent_users)
    .where(
      "email" in to
        ? sql`lower(${agent_users.email}) = ${to.email.toLowerCase()}`
        : eq(agent_users.phoneNumber, to.phoneNumber),
    )
    .limit(1);
  return row?.companyId ?? null;
}

export function createAuthMessenger(ports: {
  db: Database;
  mailer: Mailer;
  sms: SmsSender;
}): AuthMessenger {
  const { db, mailer, sms } = ports;
  return {
    emailCode: async (to, code, purpose) =>
      mailer.send({
        companyId: await companyOf(db, { email: to }),
        to,
        subject: EMAIL_CODE_SUBJECTS[purpose],
        text: `Your code is ${code}. It works once and expires in ${ONE_TIME_CODE_MINUTES} minutes.\n\n${ignoreLink}`,
        template: `email-code-${purpose}`,
      }),
    phoneCode: async (to, code, purpose) =>
      sms.send({
        companyId: await companyOf(db, { phoneNumber: to }),
        to,
        text: `Carrierline: your ${purpose === "reset" ? "password reset" : "sign-in"} code is ${code}. It expires in ${ONE_TIME_CODE_MINUTES} minutes.`,
        template: `sms-code-${purpose}`,
      }),
    resetLink: async (to, url) =>
      mailer.send({
        companyId: await companyOf(db, { email: to }),
        to,
        subject: "Reset your Carrierline password",
        text: `Choose a new password here: ${url}\n\nThe link works once and expires in ${RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere else.\n\n${ignoreLink}`,
        template: "password-reset",
      }),
    signInLink: async (to, url) =>
      mailer.send({
        companyId: await companyOf(db, { email: to }),
        to,
        subject: "Your Carrierline sign-in link",
        text: `Sign in to Carrierline: ${url}\n\nThe link works once and expires in ${SIGN_IN_LINK_MINUTES} minutes.\n\n${ignoreLink}`,
        template: "sign-in-link",
      }),
    accountLocked: async (to, seconds) => {
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      await mailer.send({
        companyId: await companyOf(db, { email: to }),
        to,
        subject: "Your Carrierline account is locked for a while",
        text: `There have been many failed attempts to sign in to your Carrierline account, so password sign-in is paused for ${minutes} minute${minutes === 1 ? "" : "s"} from every device.\n\nIf this was not you, someone may be guessing your password. You can still sign in with a code sent to your email or phone, and resetting your password (Forgot password? on the sign-in page) ends the lock at once.`,
        template: "account-locked",
      });
    },
  };
}

/** For `npm run auth:generate`, which reads the plugins' schemas and never sends anything. */
export const schemaOnlyMessenger: AuthMessenger = {
  emailCode: () => Promise.reject(new Error("not for sending")),
  phoneCode: () => Promise.reject(new Error("not for sending")),
  resetLink: () => Promise.reject(new Error("not for sending")),
  signInLink: () => Promise.reject(new Error("not for sending")),
  accountLocked: () => Promise.reject(new Error("not for sending")),
};
