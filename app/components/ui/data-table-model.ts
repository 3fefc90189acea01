// What the data table decides from plain numbers and data, kept apart from React so it can be
// tested without a browser: which columns a container width shows, what a header's aria-sort
// says, and where the table has more to scroll to.

import type { SortState } from "#app/lib/schemas/sort.ts";

/**
 * How much a column matters when room runs out: 1 always shows; 2, 3 and 4 fold away, 4 first,
 * as the table's container narrows (4 already beside the sidebar at 1280 px). A folded column's value moves into the row's primary cell, and
 * on a phone, where rows become cards, every column shows again.
 */
export type ColumnPriority = 1 | 2 | 3 | 4;

/**
 * Container widths in rem. Below CARDS_BELOW_REM rows are cards. A screen of 1280 px leaves
 * 59rem beside the sidebar (58 with a classic scrollbar), where priority 3 still shows: the
 * devices' nine columns need 57rem. Priority 4 waits for a wide screen (1488 px).
 */
export const CARDS_BELOW_REM = 40;
export const SHOWN_FROM_REM: Record<ColumnPriority, number> = { 1: 0, 2: 48, 3: 58, 4: 72 };

/**
 * The classes that carry the priorities into CSS container queries, so the server's HTML is laid
 * out right before any script runs. Tailwind reads them from this file, so they stay literal.
 * `header` and `cell` go on the column's own <th> and <td>; `folded` on its copy in the primary
 * cell. The header stays in the accessibility tree in card mode (the table hides it visually) so
 * that every cell keeps its column's name.
 */
export const PRIORITY_CLASSES: Record<
  ColumnPriority,
  { readonly header: string; readonly cell: string; readonly folded: string }
> = {
  1: { header: "", cell: "@max-[40rem]:grid", folded: "hidden" },
  2: {
    header: "hidden @max-[40rem]:table-cell @min-[48rem]:table-cell",
    cell: "hidden @max-[40rem]:grid @min-[48rem]:table-cell",
    folded: "hidden @min-[40rem]:@max-[48rem]:block",
  },
  3: {
    header: "hidden @max-[40rem]:table-cell @min-[58rem]:table-cell",
    cell: "hidden @max-[40rem]:grid @min-[58rem]:table-cell",
    folded: "hidden @min-[40rem]:@max-[58rem]:block",
  },
  4: {
    header: "hidden @max-[40rem]:table-cell @min-[72rem]:table-cell",
    cell: "hidden @max-[40rem]:grid @min-[72rem]:table-cell",
    folded: "hidden @min-[40rem]:@max-[72rem]:block",
  },
};

/** A sortable header's aria-sort: only the sorted column says which way. */
export function ariaSort(
  sort: SortState | undefined,
  column: string,
): "ascending" | "descending" | "none" {
  if (!sort || sort.column !== column) return "none";
  return sort.dir === "asc" ? "ascending" : "descending";
}

export type ScrollMetrics = {
  readonly scrollLeft: number;
  readonly scrollWidth: number;
  readonly clientWidth: number;
};

/** Half a pixel either way is rounding, not something to scroll to. */
const SLACK_PX = 1;

/**
 * Whether the table is wider than its box, and on which side there is more to see: a shadow is
 * drawn at that edge.
 */
export function scrollEdges(m: ScrollMetrics): {
  overflows: boolean;
  start: boolean;
  end: boolean;
} {
  const hidden = m.scrollWidth - m.clientWidth;
  if (hidden <= SLACK_PX) return { overflows: false, start: false, end: false };
  return {
    overflows: true,
    start: m.scrollLeft > SLACK_PX,
    end: m.scrollLeft < hidden - SLACK_PX,
  };
}

/** Whether a one-line text was cut short by its box (so the full value needs a tooltip). */
export function isCut(box: { scrollWidth: number; clientWidth: number }): boolean {
  return box.scrollWidth - box.clientWidth > SLACK_PX;
}
