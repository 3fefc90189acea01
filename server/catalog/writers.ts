import { holds } from "#app/lib/access.ts";
import type { UserContext } from "#server/platform/context.ts";
import { forbidden } from "#server/platform/errors.ts";

/** What anyone but a platform operator reads when they try to change the shared catalog. */
export const CATALOG_WRITERS_ONLY =
  "Only platform operators can change the catalog: it is shared by every company.";

/**
 * The catalog (plans, devices) is one for every company, so only platform operators change it
 * (decision 0011); a company's admin is refused like anyone else. Import actions call this before
 * they read the upload, and the imports call it again themselves.
 */
export function requireCatalogWriter(ctx: UserContext): void {
  if (!holds(ctx.user, "operator")) throw forbidden(CATALOG_WRITERS_ONLY);
}

/** Whether the screens offer this person the catalog's import controls. */
export function canWriteCatalog(ctx: UserContext): boolean {
  return holds(ctx.user, "operator");
}
