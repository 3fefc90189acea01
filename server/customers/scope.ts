import { and, eq, type SQL, sql } from "drizzle-orm";
import { visibleToActor } from "#server/accounts/index.ts";
import { customers } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";

/**
 * The customers the acting user may see: their company's, and under the company setting an
 * agent's own only (server/accounts/company-settings.ts).
 */
export async function customerScope(ctx: UserContext): Promise<SQL> {
  const scope = [
    eq(customers.companyId, ctx.user.companyId),
    await visibleToActor(ctx, customers.assignedTo),
  ];
  return and(...scope) ?? sql`false`;
}
