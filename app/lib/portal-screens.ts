// The old app's addresses and where they lead now. (app/routes.ts imports this file, and React
// Router loads that file on its own: keep this one free of imports.)

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
