import { APIError, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Database } from "#server/db/client.ts";
import { forget, hit } from "#server/platform/rate-limit.ts";
import { type AuthHookContext, replaceRefusal } from "./hook-context.ts";

/**
 * Resend limits per destination (issue 6, README): one code a minute and five an hour for any one
 * email address or phone number, whoever asks and whether or not an account has it.
 */
export const CODE_RESEND = {
  cooldownSeconds: 60,
  perHour: 5,
} as const;

export const CODE_RESEND_WAIT = "CODE_RESEND_WAIT";
export const CODE_RESEND_LIMIT = "CODE_RESEND_LIMIT";
/** A wrong, expired or never-sent code: one answer, so it never tells whether an account exists. */
export const INVALID_CODE = {
  code: "INVALID_OTP",
  message: "That code is not valid or has expired. Check it, or request a new code.",
} as const;
/** The fifth wrong code ends the code. */
export const CODE_ATTEMPTS = 5;
export const TOO_MANY_CODE_ATTEMPTS = {
  code: "TOO_MANY_ATTEMPTS",
  message: "Too many attempts. Request a new code.",
} as const;
const CODE_REFUSALS = new Set(["INVALID_OTP", "OTP_EXPIRED", "OTP_NOT_FOUND", "TOO_MANY_ATTEMPTS"]);

export const CODE_DESTINATION_REQUIRED = {
  code: "CODE_DESTINATION_REQUIRED",
  message: "Enter an email address or a phone number to receive a code.",
} as const;

/** Every endpoint that sends a code or a link, with the field that names where it goes. */
const SEND_PATHS: Record<string, { field: "email" | "phoneNumber"; sends: "code" | "link" }> = {
  "/email-otp/send-verification-otp": { field: "email", sends: "code" },
  "/phone-number/send-otp": { field: "phoneNumber", sends: "code" },
  "/request-password-reset": { field: "email", sends: "link" },
  "/email-otp/request-password-reset": { field: "email", sends: "code" },
  "/phone-number/request-password-reset": { field: "phoneNumber", sends: "code" },
};

/**
 * Sign-ins by code (which the twoFactor plugin does not gate: it watches password sign-ins only),
 * with where each finds its destination and the verification row Better Auth keeps the code in.
 */
const CODE_SIGN_INS: Record<
  string,
  { field: "email" | "phoneNumber"; row: (to: string) => string }
> = {
  "/sign-in/email-otp": { field: "email", row: (to) => `sign-in-otp-${to}` },
  "/phone-number/verify": { field: "phoneNumber", row: (to) => `phone-number-otp-${to}` },
};

const wrongCodesKey = (field: string, destination: string) => `code-wrong:${field}:${destination}`;

const text = (body: unknown, name: string): string => {
  const value = typeof body === "object" && body !== null ? Reflect.get(body, name) : undefined;
  return typeof value === "string" ? value.trim() : "";
};

export function resendWaitMessage(seconds: number, sends: "code" | "link" = "code"): string {
  return `Please wait ${seconds} second${seconds === 1 ? "" : "s"} before asking for another ${sends}.`;
}

export function resendLimitMessage(seconds: number, sends: "code" | "link" = "code"): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `You have asked for ${CODE_RESEND.perHour} ${sends}s in the last hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** A phone number's sign-in owner: an account whose number is set and verified. */
async function verifiedPhoneOwner(ctx: AuthHookContext, phoneNumber: string) {
  const owner = await ctx.context.adapter.findOne<{ phoneNumberVerified?: boolean | null }>({
    model: "user",
    where: [{ field: "phoneNumber", value: phoneNumber }],
  });
  return owner?.phoneNumberVerified === true ? owner : null;
}

export function codeSignInHooks(db: Database) {
  /** Counts a request for a code to `destination`; refuses it when over either limit. */
  async function countRequest(destination: string, sends: "code" | "link") {
    const cooldown = await hit(db, `code-cooldown:${destination}`, 1, CODE_RESEND.cooldownSeconds);
    if (!cooldown.allowed) {
      throw new APIError("TOO_MANY_REQUESTS", {
        code: CODE_RESEND_WAIT,
        message: resendWaitMessage(cooldown.retryAfterSeconds, sends),
        retryAfter: cooldown.retryAfterSeconds,
      });
    }
    const hourly = await hit(db, `code-hourly:${destination}`, CODE_RESEND.perHour, 3600);
    if (!hourly.allowed) {
      throw new APIError("TOO_MANY_REQUESTS", {
        code: CODE_RESEND_LIMIT,
        message: resendLimitMessage(hourly.retryAfterSeconds, sends),
        retryAfter: hourly.retryAfterSeconds,
      });
    }
  }

  return {
    /**
     * A code request names where to send it and is counted against that destination. A phone code
     * for signing in goes only to an account's verified number (someone signed in may ask for one
     * to verify a new number); any other number gets the same answer and no text.
     */
    before: async (ctx: AuthHookContext): Promise<unknown> => {
      const send = SEND_PATHS[ctx.path];
      if (send) {
        const destination = text(ctx.body, send.field).toLowerCase();
        if (destination === "") {
          // A reset link's missing email is Better Auth's own validation error.
          if (send.sends === "link") return;
          throw new APIError("BAD_REQUEST", { ...CODE_DESTINATION_REQUIRED });
        }
        await countRequest(`${send.field}:${destination}`, send.sends);
        if (ctx.path === "/request-password-reset") return;
        // A new code gets its own five tries.
        await forget(db, wrongCodesKey(send.field, destination));
        if (
          ctx.path === "/phone-number/send-otp" &&
          !(await verifiedPhoneOwner(ctx, destination))
        ) {
          if (!(await getSessionFromCtx(ctx))) return ctx.json({ message: "code sent" });
        }
        return;
      }
      if (ctx.path === "/phone-number/verify") {
        const updating =
          typeof ctx.body === "object" && ctx.body !== null && ctx.body.updatePhoneNumber;
        // Verifying a number for a signed-in account is Better Auth's own flow; signing in by a
        // number needs an account that has already proven it owns it.
        if (!updating && !(await verifiedPhoneOwner(ctx, text(ctx.body, "phoneNumber")))) {
          throw new APIError("BAD_REQUEST", { ...INVALID_CODE });
        }
      }
      return;
    },
    /**
     * Every refused code gets one answer (wrong, expired or never sent look alike), and the fifth
     * refusal since the last code was sent ends that code. A code sign-in into an account with a
     * second factor gets the same challenge as a password sign-in: the twoFactor plugin's own step
     * ends the new session and answers { twoFactorRedirect: true }.
     */
    after: async (ctx: AuthHookContext): Promise<unknown> => {
      const signIn = CODE_SIGN_INS[ctx.path];
      if (!signIn) return;
      const destination = text(ctx.body, signIn.field).toLowerCase();
      const wrongKey = wrongCodesKey(signIn.field, destination);
      const returned = ctx.context.returned;
      if (isAPIError(returned)) {
        const code = returned.body?.code;
        if (typeof code !== "string" || !CODE_REFUSALS.has(code)) return;
        const counted = await hit(db, wrongKey, CODE_ATTEMPTS - 1, 600);
        if (counted.allowed) return replaceRefusal(ctx, "BAD_REQUEST", INVALID_CODE);
        await ctx.context.internalAdapter.deleteVerificationByIdentifier(signIn.row(destination));
        return replaceRefusal(ctx, "FORBIDDEN", TOO_MANY_CODE_ATTEMPTS);
      }
      await forget(db, wrongKey);
      if (!ctx.context.newSession?.user.twoFactorEnabled) return;
      const challenge = await secondFactorChallenge(ctx);
      for (const cookie of challenge.cookies) ctx.responseHeaders?.append("set-cookie", cookie);
      return challenge.response;
    },
  };
}

/**
 * Runs the twoFactor plugin's own sign-in step on a sign-in it does not watch: it ends the new
 * session, sets the pending second-step cookie, and answers { twoFactorRedirect: true }.
 */
export async function secondFactorChallenge(
  ctx: AuthHookContext,
): Promise<{ cookies: string[]; response: unknown }> {
  const challenge = ctx.context.getPlugin("two-factor")?.hooks?.after?.[0]?.handler;
  if (!challenge) throw new Error("the twoFactor plugin's sign-in step is missing");
  const result: unknown = await challenge({ ...ctx, returnHeaders: true });
  if (typeof result !== "object" || result === null) return { cookies: [], response: undefined };
  const headers: unknown = Reflect.get(result, "headers");
  return {
    cookies: headers instanceof Headers ? headers.getSetCookie() : [],
    response: Reflect.get(result, "response"),
  };
}
