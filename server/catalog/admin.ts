import type { UserContext } from "#server/platform/context.ts";
import { forbidden } from "#server/platform/errors.ts";

/**
 * The catalog (plans, devices) is one for every company, so changing it is for administrators:
 * anyone else is refused as forbidden, in the words given.
 */
export function requireAdmin(ctx: UserContext, message: string): void {
  if (ctx.user.role !== "admin") throw forbidden(message);
}
