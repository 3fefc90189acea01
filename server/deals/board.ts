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
  const select = ctx.db
    .select({
      status: deals.status,
      count: sql<number>`count(*)::int`,
      value: sql<string>`coalesce(sum(${deals.valueCents}), 0)`,
      monthly: sql<string>`coalesce(sum(${deals.monthlyRevenueCents}), 0)`,
    })
    .from(deals);
  // The customers join only matters to a search (it matches the customer's company).
  const rows = await (query.q === ""
    ? select
    : select.innerJoin(customers, eq(customers.id, deals.customerId))
  )
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

/** A card as the board statement writes it: a JSON array, in `cardJson`'s order. */
type CardTuple = [
  string,
  string,
  string,
  string,
  number,
  number,
  string | null,
  string,
  string | null,
];

const isCardTuple = (value: unknown): value is CardTuple =>
  Array.isArray(value) &&
  value.length === 9 &&
  typeof value[0] === "string" &&
  typeof value[1] === "string" &&
  typeof value[2] === "string" &&
  typeof value[3] === "string" &&
  typeof value[4] === "number" &&
  typeof value[5] === "number" &&
  (value[6] === null || typeof value[6] === "string") &&
  typeof value[7] === "string" &&
  (value[8] === null || typeof value[8] === "string");

const isFigures = (value: unknown): value is { count: number; value: number; monthly: number } =>
  typeof value === "object" &&
  value !== null &&
  "count" in value &&
  typeof value.count === "number" &&
  "value" in value &&
  typeof value.value === "number" &&
  "monthly" in value &&
  typeof value.monthly === "number";

/** The board statement wrote something this code does not read: a bug, not a user's error. */
function unreadable(what: string): never {
  throw new Error(`the board statement returned an unreadable ${what}`);
}

/**
 * Each asked column's figures and first page of cards in one statement: one grouped pass for
 * the figures, and per status a lateral page (an index range scan) folded into one JSON array
 * by PostgreSQL. One round trip instead of two, and 5 rows for the driver and the ORM to map
 * instead of up to 255: on these machines that mapping, not the scans, was most of the board's
 * data cost. "Show more" reads the same rows through `cardRows` (a test holds the two to the
 * same cards, field for field).
 */
async function boardColumns(
  ctx: UserContext,
  query: BoardQuery,
  statuses: readonly BoardStatus[],
): Promise<BoardColumn[]> {
  const column = sql`board_column.status`;
  const view = await boardViewFilter(ctx, query);
  const page = cardRows(ctx, [...view, sql`${deals.status} = ${column}`], query.sort).as("card");
  const sortKey = {
    created: page.createdAt,
    close: page.closeDate,
    value: page.valueCents,
    probability: page.probability,
  }[query.sort];
  // The same text as Date#toISOString(), which the other ways to a card (Show more, a move) use.
  const createdAt = sql`to_char(${page.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const cardJson = sql`json_build_array(${page.id}, ${page.title}, ${page.status}, ${page.customerCompany}, ${page.valueCents}, ${page.probability}, ${page.closeDate}, ${createdAt}, ${page.assignee})`;
  // One grouped pass for the figures. The customers join only matters to a search (it matches
  // the customer's company); without one it would double the pass's cost.
  const figuresQuery = ctx.db
    .select({
      status: sql<string>`${deals.status}::text`.as("figures_status"),
      figures:
        sql`json_build_object('count', count(*)::int, 'value', coalesce(sum(${deals.valueCents}), 0), 'monthly', coalesce(sum(${deals.monthlyRevenueCents}), 0))`.as(
          "figures",
        ),
    })
    .from(deals);
  const figures = ctx.db
    .$with("board_figures")
    .as(
      (query.q === ""
        ? figuresQuery
        : figuresQuery.innerJoin(customers, eq(customers.id, deals.customerId))
      )
        .where(and(...view, inArray(deals.status, [...statuses])))
        .groupBy(deals.status),
    );
  const rows = await ctx.db
    .with(figures)
    .select({
      status: sql<string>`${column}::text`,
      figures: sql<unknown>`coalesce(${figures.figures}, json_build_object('count', 0, 'value', 0, 'monthly', 0))`,
      cards: sql<unknown>`(select coalesce(json_agg(${cardJson} order by ${sortKey} desc nulls last, ${page.id} desc nulls last), '[]'::json) from ${page})`,
    })
    .from(
      sql`unnest(array[${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )}]::deal_status[]) as board_column(status)`,
    )
    // A join, not a subquery per column: PostgreSQL would run the grouped pass once per status.
    .leftJoin(figures, sql`${figures.status} = ${column}::text`);
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  return statuses.map((status) => {
    const row = byStatus.get(status) ?? unreadable(`column (${status})`);
    const totals = isFigures(row.figures) ? row.figures : unreadable("total");
    const tuples = Array.isArray(row.cards) ? row.cards : unreadable("card list");
    const cards = tuples.slice(0, BOARD_PAGE_SIZE).map((tuple): DealCard => {
      if (!isCardTuple(tuple) || tuple[2] !== status) return unreadable("card");
      return {
        id: tuple[0],
        title: tuple[1],
        status,
        customerCompany: tuple[3],
        valueCents: tuple[4],
        probability: tuple[5],
        closeDate: tuple[6],
        createdAt: tuple[7],
        assignee: tuple[8],
      };
    });
    return {
      status,
      count: totals.count,
      valueCents: totals.value,
      monthlyRevenueCents: totals.monthly,
      cards,
      hasMore: tuples.length > BOARD_PAGE_SIZE,
    };
  });
}

/**
 * The board: each column's figures and its first page of cards. Each column is an index range
 * scan (deals_company_status_*_idx), so a company with 10,000 deals opens it as fast as one
 * with 10.
 */
export async function loadBoard(ctx: UserContext, query: BoardQuery): Promise<BoardColumn[]> {
  return boardColumns(ctx, query, columnsOf(query));
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
