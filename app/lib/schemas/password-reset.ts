import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./account.ts";
import { text } from "./text.ts";

/** What the reset page says of a link that no longer works (used, expired or never issued). */
export const RESET_LINK_DEAD = "This reset link is invalid or has expired, or it was already used.";

export const forgotPasswordSchema = z.object({
  email: text()
    .trim()
    .min(1, "Enter your email address")
    .max(320, "That email address is too long")
    .pipe(z.email("Enter a valid email address"))
    .transform((value) => value.toLowerCase()),
});

/** The new password twice; the policy's own reasons come from the auth service. */
export const resetPasswordSchema = z
  .object({
    token: text().min(1).max(200),
    newPassword: text()
      .min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters long")
      .max(PASSWORD_MAX_LENGTH, "Password must be 128 characters or fewer"),
    confirmPassword: text().max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "New passwords do not match",
    path: ["confirmPassword"],
  });
