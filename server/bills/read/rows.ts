// A page as rows of positioned text, the same shape whether it came from a PDF's text layer or
// from OCR: parsers find columns by x, so cells of several words stay whole.

export type TextItem = {
  str: string;
  /** Left edge, points from the page's left. */
  x: number;
  width: number;
};

export type TextRow = {
  /** Baseline, points from the page's bottom (PDF convention). */
  y: number;
  /** Left to right. */
  items: TextItem[];
};

export type PageRows = { page: number; source: "text" | "ocr"; rows: TextRow[] };

export type PositionedItem = TextItem & { y: number };

/** Rows top to bottom: items whose baselines are within `tolerance` points share a row. */
export function groupIntoRows(items: PositionedItem[], tolerance = 2): TextRow[] {
  const sorted = items
    .filter((item) => item.str.trim() !== "")
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: { y: number; items: PositionedItem[] }[] = [];
  for (const item of sorted) {
    const row = rows.find((r) => Math.abs(r.y - item.y) <= tolerance);
    if (row) row.items.push(item);
    else rows.push({ y: item.y, items: [item] });
  }
  return rows
    .sort((a, b) => b.y - a.y)
    .map((row) => ({
      y: row.y,
      items: row.items
        .sort((a, b) => a.x - b.x)
        .map(({ str, x, width }) => ({ str: str.trim(), x, width })),
    }));
}

export const rowText = (row: TextRow) => row.items.map((item) => item.str).join(" ");
