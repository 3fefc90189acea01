import { describe, expect, it } from "vitest";
import { everyMonth } from "./period.ts";

const zero = (month: string) => ({ month, n: 0 });

describe("a monthly series", () => {
  it("has every month of the period, the empty ones as zero", () => {
    const rows = [
      { month: "2025-12", n: 1 },
      { month: "2026-03", n: 2 },
    ];
    expect(everyMonth(rows, { from: "2025-11-20", to: "2026-04-02" }, zero)).toEqual([
      { month: "2025-11", n: 0 },
      { month: "2025-12", n: 1 },
      { month: "2026-01", n: 0 },
      { month: "2026-02", n: 0 },
      { month: "2026-03", n: 2 },
      { month: "2026-04", n: 0 },
    ]);
  });

  it("starts at the first month with figures for All Time", () => {
    expect(
      everyMonth([{ month: "2026-10", n: 3 }], { from: null, to: "2026-12-05" }, zero),
    ).toEqual([
      { month: "2026-10", n: 3 },
      { month: "2026-11", n: 0 },
      { month: "2026-12", n: 0 },
    ]);
  });

  it("keeps a month with figures outside the period's days, and stays empty without figures", () => {
    expect(
      everyMonth([{ month: "2026-05", n: 1 }], { from: "2026-06-01", to: "2026-06-15" }, zero),
    ).toEqual([
      { month: "2026-05", n: 1 },
      { month: "2026-06", n: 0 },
    ]);
    expect(everyMonth([], { from: "2026-01-01", to: "2026-06-15" }, zero)).toEqual([]);
  });
});
