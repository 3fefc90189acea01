// Company Settings' colours, limits and messages, apart from the schemas so the page that shows
// them does not load zod with them (decision 0036).

/** The product's own accent (the portal's brand-600), for a company that set no colour. */
export const PRODUCT_BRAND_COLOR = "#2563eb";
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
export const BRAND_COLOR_MESSAGE = "Enter a color as # and six hex digits, for example #1d4ed8";
export const QUOTE_VALIDITY_MESSAGE = "Enter a whole number of days from 1 to 365";
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

/** The logo on proposals: checked by its bytes on the server, these only guide the picker. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg"] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
export const LOGO_TOO_LARGE = "The logo is larger than 1 MB. Choose a smaller PNG or JPEG.";
export const LOGO_UNREADABLE =
  "The logo could not be read: the file is damaged or incomplete. Save it again as a PNG or JPEG.";
export const LOGO_WRONG_TYPE =
  "The logo must be a PNG or JPEG image; this file is neither, whatever its name says.";
