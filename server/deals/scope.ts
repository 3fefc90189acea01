import { and, eq, type SQL, sql } from "drizzle-orm";
import { visibleToActor } from "#server/accounts/index.ts";
import { deals } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";

/**
 * The deals the acting user may see: their company's, and under the company setting an agent's
 * own only. Every deals query starts from this, so no id reaches another company's row.
 */
export async function dealScope(ctx: UserContext): Promise<SQL> {
  return (
    and(eq(deals.companyId, ctx.user.companyId), await visibleToActor(ctx, deals.assignedTo)) ??
    sql`false`
  );
}
