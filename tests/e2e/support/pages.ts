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

/** The platform administration screens the demo admin opens. */
export const ADMIN_PAGES = [
  "/dashboard/admin/users",
  "/dashboard/admin/waitlist",
  "/dashboard/admin/outbox",
] as const;
