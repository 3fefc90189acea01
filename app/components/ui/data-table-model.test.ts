import { describe, expect, it } from "vitest";
import {
  ariaSort,
  CARDS_BELOW_REM,
  isCut,
  PRIORITY_CLASSES,
  SHOWN_FROM_REM,
  scrollEdges,
} from "./data-table-model.ts";

describe("aria-sort of a sortable header", () => {
  it("names the direction on the sorted column only", () => {
    const sort = { column: "model", dir: "desc" } as const;
    expect(ariaSort(sort, "model")).toBe("descending");
    expect(ariaSort({ column: "model", dir: "asc" }, "model")).toBe("ascending");
    expect(ariaSort(sort, "bands")).toBe("none");
    expect(ariaSort(undefined, "model")).toBe("none");
  });
});

describe("the edges that hide more of the table", () => {
  it("casts no shadow when the table fits, rounding included", () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 900, clientWidth: 900 })).toEqual({
      overflows: false,
      start: false,
      end: false,
    });
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 900.5, clientWidth: 900 }).overflows).toBe(
      false,
    );
  });

  it("shades the end at the start, both sides in the middle, the start at the end", () => {
    const at = (scrollLeft: number) =>
      scrollEdges({ scrollLeft, scrollWidth: 1200, clientWidth: 900 });
    expect(at(0)).toEqual({ overflows: true, start: false, end: true });
    expect(at(150)).toEqual({ overflows: true, start: true, end: true });
    expect(at(300)).toEqual({ overflows: true, start: true, end: false });
    // Zoomed pages scroll to fractions of a pixel short of the end.
    expect(at(299.5)).toEqual({ overflows: true, start: true, end: false });
  });
});

describe("a cut-off value", () => {
  it("is cut when its text is wider than its box", () => {
    expect(isCut({ scrollWidth: 240, clientWidth: 200 })).toBe(true);
    expect(isCut({ scrollWidth: 200, clientWidth: 200 })).toBe(false);
    expect(isCut({ scrollWidth: 200.4, clientWidth: 200 })).toBe(false);
  });
});

describe("column priorities in CSS", () => {
  it("shows priority 1 everywhere, and folds the others at widths that grow with the priority", () => {
    expect(PRIORITY_CLASSES[1].header).toBe("");
    expect(SHOWN_FROM_REM[2]).toBeGreaterThan(CARDS_BELOW_REM);
    expect(SHOWN_FROM_REM[3]).toBeGreaterThan(SHOWN_FROM_REM[2]);
    expect(SHOWN_FROM_REM[4]).toBeGreaterThan(SHOWN_FROM_REM[3]);
    // 1280 px less the 18rem sidebar and the page's padding: the devices' nine columns show.
    expect(SHOWN_FROM_REM[3]).toBeLessThanOrEqual((1280 - 15 - 288 - 48) / 16);
  });

  it("uses the same widths as the model in every class, and every column shows on a card", () => {
    const cards = `@max-[${CARDS_BELOW_REM}rem]`;
    expect(PRIORITY_CLASSES[1].cell).toContain(`${cards}:grid`);
    for (const priority of [2, 3, 4] as const) {
      const from = `${SHOWN_FROM_REM[priority]}rem`;
      const classes = PRIORITY_CLASSES[priority];
      expect(classes.header.split(" ")).toEqual([
        "hidden",
        `${cards}:table-cell`,
        `@min-[${from}]:table-cell`,
      ]);
      expect(classes.cell.split(" ")).toEqual([
        "hidden",
        `${cards}:grid`,
        `@min-[${from}]:table-cell`,
      ]);
      // The copy under the row's title shows exactly while the column itself is hidden.
      expect(classes.folded.split(" ")).toEqual([
        "hidden",
        `@min-[${CARDS_BELOW_REM}rem]:@max-[${from}]:block`,
      ]);
    }
  });
});
