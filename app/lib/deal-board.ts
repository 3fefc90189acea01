import type { BoardStatus } from "#app/lib/domain.ts";
import type { DealSort } from "#app/lib/schemas/deal-constants.ts";

// The deals board as data, shared by the server (which fills it) and the browser (which keeps
// it while cards move and columns grow), with the pure steps the browser takes on it.

export type DealCard = {
  id: string;
  title: string;
  status: BoardStatus;
  customerCompany: string;
  valueCents: number;
  probability: number;
  closeDate: string | null;
  /** ISO 8601: a card travels as JSON ("Show more", a move's answer) as well as in loader data. */
  createdAt: string;
  assignee: string | null;
};

/** A column's figures, over every deal in it that the view matches (not only the loaded cards). */
export type ColumnTotals = {
  status: BoardStatus;
  count: number;
  valueCents: number;
  monthlyRevenueCents: number;
};

export type BoardColumn = ColumnTotals & { cards: DealCard[]; hasMore: boolean };

/** A card's place in a column's order: the server's sort (descending, ties to the higher id). */
function compareCards(sort: DealSort, a: DealCard, b: DealCard): number {
  const key = (card: DealCard): number | string | null => {
    switch (sort) {
      case "created":
        return card.createdAt;
      case "close":
        return card.closeDate;
      case "value":
        return card.valueCents;
      case "probability":
        return card.probability;
    }
  };
  const ka = key(a);
  const kb = key(b);
  if (ka !== kb) {
    // Close dates without a value come last, as in SQL's "desc nulls last".
    if (ka === null) return 1;
    if (kb === null) return -1;
    return ka < kb ? 1 : -1;
  }
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Replaces the figures of the columns the server answered for; the others stay as they are. */
export function withTotals(columns: BoardColumn[], totals: readonly ColumnTotals[]): BoardColumn[] {
  return columns.map((column) => {
    const fresh = totals.find((t) => t.status === column.status);
    return fresh ? { ...column, ...fresh } : column;
  });
}

/**
 * A move the server has saved: the card leaves its column and takes its place in the new one's
 * order, and both columns take the server's totals.
 */
export function applyMove(
  columns: BoardColumn[],
  move: { dealId: string; to: BoardStatus },
  totals: readonly ColumnTotals[],
  sort: DealSort,
): BoardColumn[] {
  const card = columns.flatMap((c) => c.cards).find((c) => c.id === move.dealId);
  const moved = columns.map((column) => {
    const cards = column.cards.filter((c) => c.id !== move.dealId);
    if (card && column.status === move.to) {
      cards.push({ ...card, status: move.to });
      cards.sort((a, b) => compareCards(sort, a, b));
    }
    return { ...column, cards };
  });
  return withTotals(moved, totals);
}

/**
 * "Show more": the next page joins the column. A card already on the board (one moved here, or
 * one the page shifted onto after a move) is not shown twice.
 */
export function appendPage(
  columns: BoardColumn[],
  page: { status: BoardStatus; cards: readonly DealCard[]; hasMore: boolean },
): BoardColumn[] {
  const seen = new Set(columns.flatMap((c) => c.cards.map((card) => card.id)));
  return columns.map((column) =>
    column.status === page.status
      ? {
          ...column,
          cards: [...column.cards, ...page.cards.filter((card) => !seen.has(card.id))],
          hasMore: page.hasMore,
        }
      : column,
  );
}

/** The view's query string without the keys that do not change what the board holds. */
export function boardViewParams(params: URLSearchParams): URLSearchParams {
  const view = new URLSearchParams();
  for (const key of ["q", "status", "sort", "mine"]) {
    const value = params.get(key);
    if (value !== null && value !== "") view.set(key, value);
  }
  return view;
}
