import { z } from "zod";
import { blankWhenMissing, flag } from "./fields.ts";
import { text } from "./text.ts";

/** The Company Settings page's forms, told apart by `intent`; no intent is the access switch. */
export const COMPANY_SETTINGS_INTENTS = ["access", "branding", "remove-logo"] as const;
export const companySettingsIntentSchema = z.object({
  intent: z.enum(COMPANY_SETTINGS_INTENTS, { error: "Unknown action." }).default("access"),
});

/** Deals and customers: one switch. */
export const companySettingsSchema = z.object({ agentsSeeOwnOnly: flag });

/** The product's own accent (the portal's brand-600), for a company that set no colour. */
export const PRODUCT_BRAND_COLOR = "#2563eb";
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
export const BRAND_COLOR_MESSAGE = "Enter a color as # and six hex digits, for example #1d4ed8";
export const QUOTE_VALIDITY_MESSAGE = "Enter a whole number of days from 1 to 365";
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

/** Proposals: the brand colour (blank for the product's own) and how long quotes stay valid. */
export const companyBrandingSchema = z.object({
  brandColor: blankWhenMissing(
    text()
      .trim()
      .toLowerCase()
      .refine((value) => value === "" || BRAND_COLOR_PATTERN.test(value), BRAND_COLOR_MESSAGE)
      .transform((value) => (value === "" ? null : value)),
  ),
  quoteValidityDays: blankWhenMissing(
    text()
      .trim()
      .refine((value) => /^\d{1,3}$/.test(value), QUOTE_VALIDITY_MESSAGE)
      .transform(Number)
      .pipe(z.number().min(1, QUOTE_VALIDITY_MESSAGE).max(365, QUOTE_VALIDITY_MESSAGE)),
  ),
});
export type CompanyBrandingInput = z.output<typeof companyBrandingSchema>;

/** The logo on proposals: checked by its bytes on the server, these only guide the picker. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg"] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
export const LOGO_TOO_LARGE = "The logo is larger than 1 MB. Choose a smaller PNG or JPEG.";
export const LOGO_UNREADABLE =
  "The logo could not be read: the file is damaged or incomplete. Save it again as a PNG or JPEG.";
export const LOGO_WRONG_TYPE =
  "The logo must be a PNG or JPEG image; this file is neither, whatever its name says.";
