/**
 * Only clean same-origin paths are followed after sign-in; anything else falls back
 * (open-redirect guard). Browsers forgive a lot in a Location header: they drop tabs and
 * newlines ("/\t/evil.example" becomes "//evil.example", another host) and read "\" as "/", and
 * a newline cannot go in a header at all. So a return address must be a path that starts with
 * one "/", with no control or invisible separator characters, no backslash, no "//", and no
 * React Router data URL (".data"), which would show raw data instead of the page.
 */
const MAX_LENGTH = 2000;
// Control characters (C0, DEL, C1), the Unicode line separators, and the backslash.
const UNSAFE_CHARACTER = /[\p{Cc}\u2028\u2029\\]/u;
const PLACEHOLDER_ORIGIN = "http://safe-redirect.invalid";

export function isSafeRedirect(to: string): boolean {
  if (to.length > MAX_LENGTH || !to.startsWith("/")) return false;
  if (UNSAFE_CHARACTER.test(to) || to.includes("//")) return false;
  let url: URL;
  try {
    url = new URL(to, PLACEHOLDER_ORIGIN);
  } catch {
    return false;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return false;
  return !/\.data$/.test(url.pathname);
}

export function safeRedirect(to: string | null | undefined, fallback = "/dashboard"): string {
  return typeof to === "string" && isSafeRedirect(to) ? to : fallback;
}
