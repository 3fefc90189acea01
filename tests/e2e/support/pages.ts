/** The public site's own pages (its layout's routes), for checks that walk every one of them. */
export const SITE_PAGES = [
  "/",
  "/features",
  "/how-it-works",
  "/about",
  "/legal",
  "/join",
  "/docs/certified-devices",
] as const;
