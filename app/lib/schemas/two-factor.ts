import { z } from "zod";
import { returnAddress } from "./return-address.ts";
import { text } from "./text.ts";

/** Codes from an authenticator app and texted codes: six digits (spaces typed by people are dropped). */
export const sixDigitCode = text()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(text().regex(/^\d{6}$/, "Enter the 6-digit code"));

/** Backup codes look like "AbC12-dEf34"; people may type them without the dash. */
export const backupCode = text()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    text()
      .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, "Enter one of your backup codes")
      .transform((value) =>
        value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`,
      ),
  );

/** An authenticator code or a backup code, for turning the second factor off. */
export const anyTwoFactorCode = z.union([sixDigitCode, backupCode], {
  error: "Enter a code from your authenticator app or a backup code",
});

const password = text().min(1, "Enter your current password").max(128);
const optionalPassword = text().max(128).optional().default("");

/** E.164: a plus, then up to 15 digits; people may type spaces, dashes and brackets. */
export const signInPhoneNumber = text()
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .pipe(
    text().regex(
      /^\+[1-9]\d{7,14}$/,
      "Enter the number with its country code, like +1 555 010 2040",
    ),
  );

/** My Account: the second factor (enroll, confirm, unenroll, new backup codes) and the sign-in phone. */
export const twoFactorActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("2fa-enable"), password }),
  z.object({ intent: z.literal("2fa-confirm"), code: sixDigitCode }),
  z.object({ intent: z.literal("2fa-disable"), code: anyTwoFactorCode, password }),
  z.object({ intent: z.literal("2fa-backup-codes"), password }),
  z.object({
    intent: z.literal("phone-send"),
    phoneNumber: signInPhoneNumber,
    // Not needed when the session is younger than 15 minutes (see server/accounts/reauth.ts).
    password: optionalPassword,
  }),
  z.object({
    intent: z.literal("phone-verify"),
    phoneNumber: signInPhoneNumber,
    code: sixDigitCode,
  }),
]);

export type TwoFactorAction = z.output<typeof twoFactorActionSchema>;

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

/** The second sign-in step at /login/two-factor. */
export const secondStepSchema = z.union([
  z
    .object({
      intent: z.literal("verify"),
      method: z.enum(["totp", "otp", "backup"]),
      code: text().max(40),
      trustDevice: checkbox,
      redirectTo: returnAddress,
    })
    .transform((value, ctx) => {
      const parsed = (value.method === "backup" ? backupCode : sixDigitCode).safeParse(value.code);
      if (parsed.success) return { ...value, code: parsed.data };
      ctx.issues.push({
        code: "custom",
        path: ["code"],
        input: value.code,
        message: parsed.error.issues[0]?.message ?? "Enter the code",
      });
      return z.NEVER;
    }),
  z.object({ intent: z.literal("send-sms"), redirectTo: returnAddress }),
]);

export type SecondStepInput = z.output<typeof secondStepSchema>;
export type SecondFactorMethod = "totp" | "otp" | "backup";
