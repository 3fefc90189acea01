import { z } from "zod";
import { returnAddress } from "./return-address.ts";
import { text } from "./text.ts";

export type CodeDestination =
  | { kind: "email"; email: string }
  | { kind: "phone"; phoneNumber: string };

/**
 * A phone number as people type it, in E.164 (+15555550100), or null. Ten digits are read as a
 * North American number; anything else must start with + and its country code.
 */
export function toE164(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  if (/^\d{10}$/.test(compact)) return `+1${compact}`;
  if (/^1\d{10}$/.test(compact)) return `+${compact}`;
  return null;
}

/** "Email or phone": whichever the person typed, checked and put in the form the auth service keys on. */
export const codeDestinationSchema = text()
  .trim()
  .min(1, "Enter your email address or phone number")
  .max(320, "That is too long for an email address or phone number")
  .transform((value, ctx): CodeDestination => {
    if (value.includes("@")) {
      if (z.email().safeParse(value).success) return { kind: "email", email: value.toLowerCase() };
    } else {
      const phoneNumber = toE164(value);
      if (phoneNumber) return { kind: "phone", phoneNumber };
    }
    ctx.addIssue({ code: "custom", message: "Enter a valid email address or phone number" });
    return z.NEVER;
  });

/** How a destination is written back to the person and into the form's hidden field. */
export const destinationText = (to: CodeDestination) =>
  to.kind === "email" ? to.email : to.phoneNumber;

export const codeRequestSchema = z.object({
  destination: codeDestinationSchema,
  redirectTo: returnAddress,
});

export const codeVerifySchema = z.object({
  destination: codeDestinationSchema,
  code: text()
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(text().regex(/^\d{6}$/, "Enter the 6-digit code")),
  redirectTo: returnAddress,
});
