import { describe, expect, it } from "vitest";
import { contrast, INK, readableOnWhite, textOn } from "./colors.ts";

describe("PDF colours", () => {
  it("puts white on dark brands and ink on light ones", () => {
    expect(textOn("#1d4ed8")).toBe("#ffffff");
    expect(textOn("#fde047")).toBe(INK);
    expect(textOn("#ffffff")).toBe(INK);
  });

  it("keeps a readable brand colour and darkens a pale one until it reads on white", () => {
    expect(readableOnWhite("#1d4ed8")).toBe("#1d4ed8");
    for (const pale of ["#fde047", "#ffffff", "#a3e635"]) {
      expect(contrast(readableOnWhite(pale), "#ffffff")).toBeGreaterThanOrEqual(4.5);
    }
  });
});
