import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { BoardColumn, ColumnTotals, DealCard } from "#app/lib/deal-board.ts";
import { BOARD_STATUSES, type BoardStatus } from "#app/lib/domain.ts";
import {
  BOARD_PAGE_SIZE,
  type BoardQuery,
  type ColumnPageQuery,
  DEAL_NOT_FOUND,
  type MoveDealInput,
} from "#app/lib/schemas/deals.ts";
import { recordActivity } from "#server/activity/index.ts";
import { agent_users, customers, deals } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { notFound } from "#server/platform/errors.ts";
import { tellAssignee } from "./assignee-notice.ts";
import { dealScope } from "./scope.ts";
import { boardViewFilter, DEAL_SORT_KEYS, DEAL_TIE_BREAK } from "./view.ts";

export type { BoardColumn, ColumnTotals, DealCard };

const isBoardStatus = (status: string): status is BoardStatus =>
  (BOARD_STATUSES as readonly string[]).includes(status);

function columnsOf(query: BoardQuery): BoardStatus[] {
  return query.status === "all" ? [...BOARD_STATUSES] : [query.status];
}

/** Count, value and monthly revenue of each asked column, computed by SQL over the whole column. */
export async function columnTotals(
  ctx: UserContext,
  query: BoardQuery,
  statuses: readonly BoardStatus[] = columnsOf(query),
): Promise<ColumnTotals[]> {
  const rows = await ctx.db
    .select({
      status: deals.status,
      count: sql<number>`count(*)::int`,
      value: sql<string>`coalesce(sum(${deals.valueCents}), 0)`,
      monthly: sql<string>`coalesce(sum(${deals.monthlyRevenueCents}), 0)`,
    })
    .from(deals)
    .innerJoin(customers, eq(customers.id, deals.customerId))
    .where(and(...(await boardViewFilter(ctx, query)), inArray(deals.status, [...statuses])))
    .groupBy(deals.status);
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  return statuses.map((status) => {
    const row = byStatus.get(status);
    return {
      status,
      count: row?.count ?? 0,
      valueCents: Number(row?.value ?? 0),
      monthlyRevenueCents: Number(row?.monthly ?? 0),
    };
  });
}

/** What a card reads: the deal, its customer's company and its assignee's username. */
function cardRows(ctx: UserContext, where: SQL[], sort: BoardQuery["sort"]) {
  return ctx.db
    .select({
      id: deals.id,
      title: deals.title,
      status: deals.status,
      customerCompany: customers.companyName,
      valueCents: deals.valueCents,
      probability: deals.probability,
      closeDate: deals.closeDate,
      createdAt: deals.createdAt,
      assignee: agent_users.username,
    })
    .from(deals)
    .innerJoin(customers, eq(customers.id, deals.customerId))
    .leftJoin(agent_users, eq(agent_users.id, deals.assignedTo))
    .where(and(...where))
    .orderBy(DEAL_SORT_KEYS[sort], DEAL_TIE_BREAK)
    .limit(BOARD_PAGE_SIZE + 1);
}

type CardRow = Awaited<ReturnType<typeof cardRows>>[number];

/** A column's page from its rows: at most a page of cards, and whether more follow. */
function pageOf(rows: CardRow[]): { cards: DealCard[]; hasMore: boolean } {
  const cards = rows.slice(0, BOARD_PAGE_SIZE).flatMap((row) => {
    const rowStatus = row.status;
    return isBoardStatus(rowStatus)
      ? [{ ...row, status: rowStatus, createdAt: row.createdAt.toISOString() }]
      : [];
  });
  return { cards, hasMore: rows.length > BOARD_PAGE_SIZE };
}

/** One page of one column's cards, plus whether more follow. */
async function columnCards(
  ctx: UserContext,
  query: BoardQuery,
  status: BoardStatus,
  offset: number,
): Promise<{ cards: DealCard[]; hasMore: boolean }> {
  const where = [...(await boardViewFilter(ctx, query)), eq(deals.status, status)];
  return pageOf(await cardRows(ctx, where, query.sort).offset(offset));
}

/**
 * The first page of each asked column in one statement: a lateral join runs the column's own
 * query (an index range scan) once per status. One round trip instead of one per column, which
 * on these machines cost more CPU than the scans themselves.
 */
async function firstPages(
  ctx: UserContext,
  query: BoardQuery,
  statuses: readonly BoardStatus[],
): Promise<Map<BoardStatus, { cards: DealCard[]; hasMore: boolean }>> {
  const column = sql`board_column.status`;
  const page = cardRows(
    ctx,
    [...(await boardViewFilter(ctx, query)), sql`${deals.status} = ${column}`],
    query.sort,
  ).as("card");
  // The column's order again over the joined rows (at most 51 a column): the order of a
  // lateral join's output is not promised.
  const sortKey = {
    created: page.createdAt,
    close: page.closeDate,
    value: page.valueCents,
    probability: page.probability,
  }[query.sort];
  const rows = await ctx.db
    .select({
      id: page.id,
      title: page.title,
      status: page.status,
      customerCompany: page.customerCompany,
      valueCents: page.valueCents,
      probability: page.probability,
      closeDate: page.closeDate,
      createdAt: page.createdAt,
      assignee: page.assignee,
    })
    .from(
      sql`unnest(array[${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )}]::deal_status[]) as board_column(status)`,
    )
    .crossJoinLateral(page)
    .orderBy(sql`${sortKey} desc nulls last`, sql`${page.id} desc nulls last`);
  const byStatus = new Map<BoardStatus, CardRow[]>(statuses.map((status) => [status, []]));
  for (const row of rows) {
    if (isBoardStatus(row.status)) byStatus.get(row.status)?.push(row);
  }
  return new Map(statuses.map((status) => [status, pageOf(byStatus.get(status) ?? [])]));
}

/**
 * The board: each column's figures and its first page of cards. Each column is an index range
 * scan (deals_company_status_*_idx), so a company with 10,000 deals opens it as fast as one
 * with 10; the totals are one grouped pass.
 */
export async function loadBoard(ctx: UserContext, query: BoardQuery): Promise<BoardColumn[]> {
  const statuses = columnsOf(query);
  const [totals, pages] = await Promise.all([
    columnTotals(ctx, query, statuses),
    firstPages(ctx, query, statuses),
  ]);
  return totals.map((column) => ({
    ...column,
    ...(pages.get(column.status) ?? { cards: [], hasMore: false }),
  }));
}

/** "Show more": the next page of one column. */
export async function loadColumnPage(
  ctx: UserContext,
  query: ColumnPageQuery,
): Promise<{ status: BoardStatus; cards: DealCard[]; hasMore: boolean }> {
  return { status: query.column, ...(await columnCards(ctx, query, query.column, query.offset)) };
}

export type DealMove = { dealId: string; from: BoardStatus | "closed_lost"; to: BoardStatus };

/**
 * Moves a deal to a board column. A deal moved to Won records when it was won (its contract
 * runs from then); moved out of Won, it forgets. The move is written to the activity log and
 * the assignee is told, when someone else moved their deal. Not found when the acting user may
 * not see the deal.
 */
export async function moveDeal(ctx: UserContext, input: MoveDealInput): Promise<DealMove> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const [deal] = await tx
      .select({ status: deals.status, title: deals.title, assignedTo: deals.assignedTo })
      .from(deals)
      .where(and(eq(deals.id, input.dealId), await dealScope(txCtx)))
      .for("update");
    if (!deal) throw notFound(DEAL_NOT_FOUND);
    const move: DealMove = { dealId: input.dealId, from: deal.status, to: input.status };
    if (deal.status === input.status) return move;
    await tx
      .update(deals)
      .set({
        status: input.status,
        wonAt: input.status === "closed_won" ? ctx.ports.clock.now() : null,
        lostReason: null,
      })
      .where(eq(deals.id, input.dealId));
    await recordActivity(txCtx, {
      dealId: input.dealId,
      details: { kind: "deal_status_changed", from: deal.status, to: input.status },
    });
    await tellAssignee(txCtx, deal, input.status);
    return move;
  });
}
