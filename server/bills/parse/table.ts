import type { PageRows, TextRow } from "#server/bills/read/rows.ts";
import { phoneNumber } from "./values.ts";

// Tables found by their header: the header row's labels give each column its span on the page,
// and every item below is put in the column it overlaps most. Works the same on a PDF's text
// layer (whole cells, sometimes several header labels in one item) and on OCR (word by word).

export type Column<K extends string> = { key: K; start: number; end: number };
export type HeaderMatch<K extends string> = (row: TextRow) => Column<K>[] | null;

export type TableRow<K extends string> = {
  page: number;
  cells: Record<K, string>;
  /** Rows below this one that start no line of their own (a bill's second line for a device). */
  following: TextRow[];
};

export const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Header text as OCR may give it, folded so a misread header still matches its label: "Inti"
 * for "Intl", "‘Data used" for "Data used". Keeps the length, so positions still line up.
 */
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[il1|!]/g, "l")
    .replace(/[o0]/g, "o")
    .replace(/[^a-z0-9 ]/g, " ");

/** The row's text with, for each character, the x where it is printed (estimated in an item). */
function positionedText(row: TextRow): { text: string; xAt: (index: number) => number } {
  let text = "";
  const starts: { from: number; x: number; perChar: number }[] = [];
  for (const item of row.items) {
    if (text) text += " ";
    starts.push({
      from: text.length,
      x: item.x,
      perChar: item.width / Math.max(1, item.str.length),
    });
    text += fold(item.str);
  }
  const xAt = (index: number) => {
    let at = starts[0] ?? { from: 0, x: 0, perChar: 0 };
    for (const start of starts) if (start.from <= index) at = start;
    return at.x + (index - at.from) * at.perChar;
  };
  return { text, xAt };
}

const isBoundary = (text: string, index: number) =>
  index <= 0 || index >= text.length || !/[a-z0-9]/.test(text[index] ?? "");

/** Where each label is printed in the row, or null when one is missing or out of order. */
export function locateLabels<K extends string>(
  row: TextRow,
  labels: readonly (readonly [K, string])[],
): Column<K>[] | null {
  const { text, xAt } = positionedText(row);
  const columns: Column<K>[] = [];
  let from = 0;
  for (const [key, label] of labels) {
    const wanted = fold(normalize(label));
    let index = text.indexOf(wanted, from);
    while (
      index >= 0 &&
      !(isBoundary(text, index - 1) && isBoundary(text, index + wanted.length))
    ) {
      index = text.indexOf(wanted, index + 1);
    }
    if (index < 0) return null;
    columns.push({ key, start: xAt(index), end: xAt(index + wanted.length) });
    from = index + wanted.length;
  }
  return columns;
}

/** A header of exactly these labels, in this order. */
export function fixedHeader<K extends string>(
  labels: readonly (readonly [K, string])[],
): HeaderMatch<K> {
  return (row) => locateLabels(row, labels);
}

/** Each item's text joined per column, the column being the one its span overlaps most. */
export function cellsOf<K extends string>(row: TextRow, columns: Column<K>[]): Record<K, string> {
  const cells = Object.fromEntries(columns.map((c) => [c.key, ""])) as Record<K, string>;
  // Columns reach halfway to their neighbours: numbers are right-aligned under their label,
  // names left-aligned, and either may be wider than the label.
  const spans = columns.map((column, i) => {
    const before = columns[i - 1];
    const after = columns[i + 1];
    return {
      key: column.key,
      from: before ? (before.end + column.start) / 2 : Number.NEGATIVE_INFINITY,
      to: after ? (column.end + after.start) / 2 : Number.POSITIVE_INFINITY,
    };
  });
  for (const item of row.items) {
    const left = item.x;
    const right = item.x + Math.max(item.width, 0.1);
    let best: (typeof spans)[number] | undefined;
    let bestOverlap = -1;
    for (const span of spans) {
      const overlap = Math.min(right, span.to) - Math.max(left, span.from);
      if (overlap > bestOverlap) {
        best = span;
        bestOverlap = overlap;
      }
    }
    if (best) cells[best.key] = cells[best.key] ? `${cells[best.key]} ${item.str}` : item.str;
  }
  return cells;
}

export type TableOptions<K extends string> = {
  /** The column holding each line's phone number: a row starts a line when it reads as one. */
  phoneKey: K;
  /** A row that ends the table (a subtotal, the next section). */
  stopAt: RegExp;
};

/** Every line of the table on every page where its header appears (headers repeat on each page). */
export function readTable<K extends string>(
  pages: PageRows[],
  header: HeaderMatch<K>,
  options: TableOptions<K>,
): TableRow<K>[] {
  const found: TableRow<K>[] = [];
  for (const page of pages) {
    let columns: Column<K>[] | null = null;
    let last: TableRow<K> | null = null;
    for (const row of page.rows) {
      if (!columns) {
        columns = header(row);
        continue;
      }
      const cells = cellsOf(row, columns);
      if (phoneNumber(cells[options.phoneKey])) {
        last = { page: page.page, cells, following: [] };
        found.push(last);
        continue;
      }
      const again = header(row);
      if (again) {
        columns = again;
        last = null;
      } else if (options.stopAt.test(row.items.map((i) => i.str).join(" "))) {
        columns = null;
        last = null;
      } else {
        last?.following.push(row);
      }
    }
  }
  return found;
}
