// Which portal screens exist yet, as data: the route table, the sidebar, the command palette and
// the dashboard tiles all read this one list, so a screen's "Soon" mark goes when it is built.
// (app/routes.ts imports it, and React Router loads that file on its own: keep this one free of imports.)

/**
 * Portal screens whose tools are announced but not built yet, as paths under /dashboard. Each
 * opens the coming-soon page inside the shell, and every way to it is marked "Soon". The issue
 * that builds one removes it here and gives it its own route in app/routes.ts.
 */
export const UNBUILT_SCREENS = ["bill-analyzer", "reports"] as const;

const UNBUILT_PATHS: ReadonlySet<string> = new Set(
  UNBUILT_SCREENS.map((screen) => `/dashboard/${screen}`),
);

/** True for a portal path (`/dashboard/deals`) whose screen is not built yet. */
export function isUnbuiltScreen(path: string): boolean {
  return UNBUILT_PATHS.has(path.replace(/\/+$/, ""));
}

/**
 * Addresses the old app navigated to but never defined (design.md), and the portal screen each
 * now leads to. `/quotes`, where saving a quote went, opens the saved quotes list (issue 15).
 * Temporary redirects, so no browser keeps the answer when one of them changes.
 */
export const LEGACY_REDIRECTS = {
  customers: "/dashboard/customers",
  "customers/new": "/dashboard/customers/new",
  quotes: "/dashboard/quotes",
} as const satisfies Record<string, string>;

const LEGACY_TARGETS: ReadonlyMap<string, string> = new Map(Object.entries(LEGACY_REDIRECTS));

/** Where a legacy address leads, keeping its query; null for any other path. */
export function legacyRedirect(url: URL): string | null {
  const target = LEGACY_TARGETS.get(url.pathname.replace(/^\/+|\/+$/g, ""));
  return target ? `${target}${url.search}` : null;
}
