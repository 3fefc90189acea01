import { z } from "zod";
import {
  BRAND_COLOR_MESSAGE,
  BRAND_COLOR_PATTERN,
  QUOTE_VALIDITY_MESSAGE,
} from "./company-constants.ts";
import { blankWhenMissing, flag } from "./fields.ts";
import { text } from "./text.ts";

export {
  BRAND_COLOR_MESSAGE,
  BRAND_COLOR_PATTERN,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  LOGO_UNREADABLE,
  LOGO_WRONG_TYPE,
  type LogoContentType,
  PRODUCT_BRAND_COLOR,
  QUOTE_VALIDITY_MESSAGE,
} from "./company-constants.ts";

/** The Company Settings page's forms, told apart by `intent`; no intent is the access switch. */
export const COMPANY_SETTINGS_INTENTS = ["access", "branding", "remove-logo"] as const;
export const companySettingsIntentSchema = z.object({
  intent: z.enum(COMPANY_SETTINGS_INTENTS, { error: "Unknown action." }).default("access"),
});

/** Deals and customers: one switch. */
export const companySettingsSchema = z.object({ agentsSeeOwnOnly: flag });

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
