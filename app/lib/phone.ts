// How the app reads a contact number, without zod: the form fields' module imports it, and every
// portal page loads that module, so zod stays out of a page that checks nothing in the browser.

export const PHONE_INVALID_MESSAGE = "Enter a valid phone number, like (555) 010-2040";

/**
 * A contact number as people write it: digits grouped by spaces, dots, dashes or brackets, a
 * leading + for the country code, and an extension ("x12", "ext. 12"); 7 to 15 digits before
 * the extension (E.164's longest number is 15). Kept as typed: it is read by people, not dialled.
 */
export function isContactPhone(value: string): boolean {
  const match = /^(\+?[\d\s().-]+?)(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i.exec(value);
  const digits = match?.[1]?.replace(/\D/g, "").length ?? 0;
  return digits >= 7 && digits <= 15;
}
