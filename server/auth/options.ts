import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { admin } from "better-auth/plugins/admin";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { emailOTP } from "better-auth/plugins/email-otp";
import { magicLink } from "better-auth/plugins/magic-link";
import { phoneNumber } from "better-auth/plugins/phone-number";
import { twoFactor } from "better-auth/plugins/two-factor";
import { username } from "better-auth/plugins/username";
import { USERNAME_PATTERN } from "#app/lib/schemas/users.ts";
import {
  type AuthMessenger,
  ONE_TIME_CODE_MINUTES,
  SIGN_IN_LINK_MINUTES,
  schemaOnlyMessenger,
} from "./messages.ts";

/**
 * The parts of the Better Auth configuration that shape the database. Shared by the running server
 * and by `npm run auth:generate` (which writes server/db/auth-schema.ts), so the two cannot drift.
 */
export const authModelOptions = {
  user: {
    // The spec calls the profile table agent_users; the auth user row *is* the agent profile.
    modelName: "agent_users",
    additionalFields: {
      // Set by invitation or seed, never by the browser (input: false).
      companyId: { type: "string", required: false, input: false },
      company: { type: "string", required: false },
      // A contact number shown on the profile; the sign-in phone is the phone plugin's verified one.
      phone: { type: "string", required: false },
      notificationsEnabled: {
        type: "boolean",
        required: false,
        defaultValue: true,
      },
      // Writes the shared catalog and reads the waitlist (decision 0011). Granted only from the
      // command line (`npm run operator`); input: false keeps every auth endpoint from setting it.
      platformOperator: {
        type: "boolean",
        required: false,
        defaultValue: false,
        input: false,
      },
    },
  },
  session: { modelName: "auth_sessions" },
  account: { modelName: "auth_accounts" },
  verification: { modelName: "auth_verifications" },
  rateLimit: { modelName: "auth_rate_limits", storage: "database" },
} satisfies Partial<BetterAuthOptions>;

/** Keeps the plugin list a tuple, so Better Auth can infer each plugin's fields and endpoints. */
const pluginTuple = <T extends BetterAuthPlugin[]>(...plugins: T): T => plugins;

const CODE_SECONDS = ONE_TIME_CODE_MINUTES * 60;

/** Better Auth's code for a sign-in refused because the account is banned. */
export const BANNED_USER_CODE = "BANNED_USER";
/** What a banned person reads when they sign in with the right password (code BANNED_USER). */
export const BANNED_MESSAGE =
  "This account has been suspended. Contact your company's administrator if you think this is a mistake.";

export function authPlugins(
  options: { messenger: AuthMessenger; allowSignUp: boolean } = {
    messenger: schemaOnlyMessenger,
    allowSignUp: false,
  },
) {
  const { messenger, allowSignUp } = options;
  return pluginTuple(
    username({
      minUsernameLength: 3,
      maxUsernameLength: 40,
      usernameValidator: (name) => USERNAME_PATTERN.test(name),
    }),
    admin({
      defaultRole: "agent",
      adminRoles: ["admin"],
      // Naming every role makes set-role and create-user refuse any other; only admins may act.
      roles: { admin: adminAc, manager: userAc, agent: userAc },
      bannedUserMessage: BANNED_MESSAGE,
    }),
    twoFactor({
      issuer: "Carrierline",
      schema: { twoFactor: { modelName: "auth_two_factors" } },
      otpOptions: {
        period: ONE_TIME_CODE_MINUTES,
        allowedAttempts: 5,
        // The phone factor: the code goes by SMS to the account's verified sign-in phone.
        sendOTP: async ({ user, otp }) => {
          const phone = "phoneNumber" in user ? user.phoneNumber : null;
          if (typeof phone !== "string" || phone === "") {
            throw new Error("this account has no verified phone for a second factor");
          }
          await messenger.phoneCode(phone, otp, "two-factor");
        },
      },
    }),
    emailOTP({
      otpLength: 6,
      expiresIn: CODE_SECONDS,
      allowedAttempts: 5,
      storeOTP: "hashed",
      disableSignUp: !allowSignUp,
      sendVerificationOTP: ({ email, otp, type }) => messenger.emailCode(email, otp, type),
    }),
    phoneNumber({
      otpLength: 6,
      expiresIn: CODE_SECONDS,
      allowedAttempts: 5,
      sendOTP: ({ phoneNumber: to, code }) => messenger.phoneCode(to, code, "sign-in"),
      sendPasswordResetOTP: ({ phoneNumber: to, code }) => messenger.phoneCode(to, code, "reset"),
    }),
    magicLink({
      expiresIn: SIGN_IN_LINK_MINUTES * 60,
      disableSignUp: true,
      sendMagicLink: ({ email, url }) => messenger.signInLink(email, url),
    }),
  );
}
