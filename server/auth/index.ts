import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "#server/db/client.ts";
import * as schema from "#server/db/schema/index.ts";
import type { AppConfig } from "#server/platform/config.ts";
import { CLIENT_ADDRESS_HEADER } from "#server/platform/forwarded.ts";
import { type Logger, withoutQueryValues } from "#server/platform/logger.ts";
import { FRESH_SESSION_SECONDS } from "./fresh-session.ts";
import { authHooks } from "./hooks.ts";
import { type AuthMessenger, RESET_LINK_MINUTES } from "./messages.ts";
import { authModelOptions, authPlugins } from "./options.ts";
import { liftSignInLocks } from "./sign-in-lockout.ts";

// In its own module so the reauthentication hook can use it without importing this one.
export { FRESH_SESSION_SECONDS };

export function createAuth(options: {
  db: Database;
  config: AppConfig;
  secret: string;
  logger: Logger;
  /** Sends codes and links through the mail and SMS ports. */
  messenger: AuthMessenger;
  /**
   * Called when a session or its user changes or goes (sign-out, revocation, ban, role change),
   * before and after the write, so a session cache in this process forgets what it knew.
   */
  onSessionsChanged?: () => void;
}) {
  const { db, config, secret } = options;
  const changed = async () => options.onSessionsChanged?.();
  const log = options.logger.child({ component: "auth" });
  return betterAuth({
    ...authModelOptions,
    appName: "Carrierline",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret,
    // Without this, any request whose Origin is not BASE_URL is refused with INVALID_ORIGIN.
    trustedOrigins: [config.baseUrl],
    database: drizzleAdapter(db, { provider: "pg", schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      // Portal accounts come from invitations (and the seed); open sign-up is opt-in (ALLOW_SIGNUP).
      disableSignUp: !config.allowSignup,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      // A reset is what someone does when they fear another has the password: end every session.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url }) => options.messenger.resetLink(user.email, url),
      // Every way to reset (link, emailed or texted code) ends here: the owner has proven who
      // they are, so the sign-in locks that told them to reset are lifted (decision 0009).
      onPasswordReset: ({ user }) => liftSignInLocks(db, user.id),
    },
    session: {
      ...authModelOptions.session,
      // A session unused for this long ends (each use slides it); the absolute cap is checked on
      // lookup (SESSION_MAX_AGE_HOURS, see server/accounts/session.ts).
      expiresIn: config.session.idleSeconds,
      updateAge: config.session.refreshSeconds,
      freshAge: FRESH_SESSION_SECONDS,
    },
    rateLimit: {
      ...authModelOptions.rateLimit,
      enabled: true,
      window: 60,
      max: 100,
      // Per client address; README lists these numbers. Each code and reset request is also
      // limited per destination (code-sign-in-hooks.ts), and each account by the lockout.
      customRules: {
        "/sign-in/username": { window: 60, max: config.signInRateLimit },
        "/sign-in/email": { window: 60, max: config.signInRateLimit },
        "/sign-in/phone-number": { window: 60, max: config.signInRateLimit },
        "/sign-in/email-otp": { window: 60, max: config.signInRateLimit },
        "/sign-up/email": { window: 60, max: 5 },
        "/email-otp/send-verification-otp": { window: 60, max: 5 },
        "/phone-number/send-otp": { window: 60, max: 5 },
        "/phone-number/verify": { window: 60, max: 20 },
        "/request-password-reset": { window: 60, max: 5 },
        "/email-otp/request-password-reset": { window: 60, max: 5 },
        "/phone-number/request-password-reset": { window: 60, max: 5 },
        "/reset-password": { window: 60, max: 10 },
      },
    },
    advanced: {
      // Better Auth turns origin checks off when it detects a test runner; tests must see production.
      disableOriginCheck: false,
      useSecureCookies: config.baseUrl.startsWith("https://"),
      // The address our HTTP edge resolved and stamped on the request (the socket's, or a trusted
      // proxy's view), never a client's own X-Forwarded-For: one address for every limit.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
    hooks: authHooks(db, options.messenger),
    // Into our JSON logs rather than the console. ("warn" or "error" here would make Better Auth
    // also echo every refused request to the console through its global logger.) An error goes
    // to pino's `err`, whose serializer keeps query values (personal data) out of the log.
    logger: {
      level: "info",
      log: (level, message, ...args: unknown[]) => {
        const err = args.find((arg) => arg instanceof Error);
        const details = args
          .filter((arg) => !(arg instanceof Error))
          .map((arg) => withoutQueryValues(String(arg)));
        const fields = {
          ...(err ? { err } : {}),
          ...(details.length > 0 ? { details } : {}),
        };
        const text = withoutQueryValues(message);
        if (level === "error") log.error(fields, text);
        else if (level === "warn") log.warn(fields, text);
        else log.info(fields, text);
      },
    },
    // A failure that is not a refusal (a database error, say) is thrown on to the HTTP server,
    // which logs it through pino and answers 500; otherwise Better Auth's router would print it
    // to the console as plain text, query values and all.
    onAPIError: { throw: true },
    // Every path that ends or changes a session (sign-out, revoke, ban, delete, password change
    // with revocation, role change) writes through these; the "after" hooks run after commit.
    databaseHooks: {
      session: {
        update: { after: changed },
        delete: { before: changed, after: changed },
      },
      user: {
        update: { after: changed },
        delete: { before: changed, after: changed },
      },
    },
    plugins: authPlugins({ messenger: options.messenger, allowSignUp: config.allowSignup }),
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type AuthUser = AuthSession["user"];
