import { describe, expect, it } from "vitest";
import { pageCountOf, pageWithin } from "./paging.ts";

describe("a list's page", () => {
  it("counts an empty list as one page, and a partial page as a page", () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(20, 20)).toBe(1);
    expect(pageCountOf(21, 20)).toBe(2);
  });

  it("answers a page past the last with the last", () => {
    expect(pageWithin(9, 45, 20)).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(pageWithin(2, 0, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });

  it("keeps a page within the list as asked", () => {
    expect(pageWithin(1, 45, 20)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(pageWithin(2, 45, 20)).toEqual({ page: 2, pageCount: 3, offset: 20 });
  });
});
