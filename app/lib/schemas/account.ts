import { z } from "zod";
import { isContactPhone, PHONE_INVALID_MESSAGE } from "#app/lib/phone.ts";
import { text } from "./text.ts";
import { twoFactorActionSchema } from "./two-factor.ts";

/** Shortest and longest passwords accepted (the auth service enforces the same bounds). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

/** Optional: an empty field clears the number. */
const contactPhone = text()
  .trim()
  .max(40, "Phone must be 40 characters or fewer")
  .refine((value) => value === "" || isContactPhone(value), PHONE_INVALID_MESSAGE);

/** Profile Information and Settings (portal spec: only company, phone and the toggles change). */
export const profileSchema = z.object({
  intent: z.literal("profile"),
  company: text().trim().max(200, "Company must be 200 characters or fewer"),
  phone: contactPhone,
  notificationsEnabled: checkbox,
});

/** Change Password; the messages are the portal spec's. */
export const passwordChangeSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: text().min(1, "Enter your current password").max(PASSWORD_MAX_LENGTH),
    newPassword: text()
      .min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters long")
      .max(PASSWORD_MAX_LENGTH, "Password must be 128 characters or fewer"),
    confirmPassword: text(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "New passwords do not match",
    path: ["confirmPassword"],
  });

/** Ending sessions: one other device, every other device, or every device including this one. */
export const sessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revoke-session"), sessionId: text().min(1).max(100) }),
  z.object({ intent: z.literal("revoke-others") }),
  z.object({ intent: z.literal("revoke-all") }),
]);

export const accountActionSchema = z.union([
  profileSchema,
  passwordChangeSchema,
  sessionActionSchema,
  twoFactorActionSchema,
]);

export type ProfileInput = z.output<typeof profileSchema>;
export type PasswordChangeInput = z.output<typeof passwordChangeSchema>;

/** My Account's profile as the page shows it. */
export type AccountProfile = {
  username: string;
  email: string;
  role: string;
  company: string;
  phone: string;
  notificationsEnabled: boolean;
  twoFactorEnabled: boolean;
  /** The verified sign-in phone second-step codes can be texted to, or "" (not the contact phone). */
  signInPhone: string;
};

/** One of the agent's live sessions; tokens never leave the server. */
export type SessionView = {
  id: string;
  device: string;
  ipAddress: string | null;
  lastSeen: Date;
  current: boolean;
};

/** What every My Account action answers; the second-factor steps add what their dialog shows. */
export type AccountAnswer = {
  intent: string;
  ok: boolean;
  message: string;
  /** Enrollment step 2: the QR code (SVG made on the server) and the key as text. */
  qrSvg?: string;
  totpKey?: string;
  /** Enrollment step 3 and "Regenerate backup codes": shown this once. */
  backupCodes?: string[];
  /** Sign-in phone step 1: the number (as normalised) the code went to. */
  phoneNumber?: string;
  /** A form that failed its schema: the message for each field, shown under it. */
  fieldErrors?: Partial<Record<string, string>>;
};
