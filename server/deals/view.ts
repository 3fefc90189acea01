import { eq, like, ne, or, type SQL, sql } from "drizzle-orm";
import { closedProbability } from "#app/lib/deal-figures.ts";
import type { BoardQuery, DealSort } from "#app/lib/schemas/deals.ts";
import { foldedContainsPattern } from "#server/db/like.ts";
import { customers, deals } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { dealScope } from "./scope.ts";

// What the board's view (search, "Only mine", sort) means in SQL: the board's columns and the
// export read the same rows, so that the export holds exactly what the board shows.

/**
 * Every sort is descending (spec); ties go to the newest id, so pages never overlap. Spelled
 * `desc nulls last` as the board's indexes are (deals_company_status_*_idx): PostgreSQL's plain
 * `desc` means nulls first, and with that mismatch it sorts a whole column (9 ms at 10,000
 * deals) instead of reading 51 rows in index order (about 2 ms), even on NOT NULL columns.
 */
export const DEAL_SORT_KEYS: Record<DealSort, SQL> = {
  created: sql`${deals.createdAt} desc nulls last`,
  close: sql`${deals.closeDate} desc nulls last`,
  value: sql`${deals.valueCents} desc nulls last`,
  probability: sql`${deals.probability} desc nulls last`,
};

/**
 * The export's orders. It mixes statuses, and a Won deal is exported at 100% whatever the agent
 * estimated (shownProbability), so the probability order is by that figure. The board's columns
 * hold one status each, so there the stored estimate, which the indexes hold, orders the same.
 */
export const DEAL_EXPORT_SORT_KEYS: Record<DealSort, SQL> = {
  ...DEAL_SORT_KEYS,
  probability: sql`case ${deals.status}
    when 'closed_won' then ${closedProbability("closed_won")}::int
    when 'closed_lost' then ${closedProbability("closed_lost")}::int
    else ${deals.probability} end desc`,
};

/** The last key of every board order: the id, as the indexes hold it. */
export const DEAL_TIE_BREAK = sql`${deals.id} desc nulls last`;

/** The deal's title or its customer's company holds the text, accents and case ignored. */
export function dealSearchMatches(text: string): SQL {
  const pattern = foldedContainsPattern(text);
  return or(like(deals.titleKey, pattern), like(customers.companyKey, pattern)) ?? sql`false`;
}

/**
 * The view's filter without the status filter: the acting user's scope, never closed_lost, the
 * search (deal title or customer company; the query must join customers) and "Only mine".
 */
export async function boardViewFilter(ctx: UserContext, query: BoardQuery): Promise<SQL[]> {
  const where = [await dealScope(ctx), ne(deals.status, "closed_lost")];
  if (query.mine) where.push(eq(deals.assignedTo, ctx.user.id));
  if (query.q !== "") where.push(dealSearchMatches(query.q));
  return where;
}
