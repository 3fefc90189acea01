import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readFilters } from "./catalog-filters.ts";
import { pageNumber } from "./fields.ts";

describe("a list's page number", () => {
  const schema = z.object({ page: pageNumber(10_000) });
  const page = (value: string) => readFilters(schema, new URLSearchParams({ page: value })).page;

  it("reads a positive integer as that page", () => {
    expect(page("1")).toBe(1);
    expect(page("42")).toBe(42);
  });

  it("reads what is not a positive integer as the first page", () => {
    for (const value of ["", "0", "-3", "2.5", "two", "Infinity", "NaN"]) {
      expect(page(value), value).toBe(1);
    }
    expect(readFilters(schema, new URLSearchParams()).page).toBe(1);
  });

  it("reads a page past the bound as the bound, past the last page, not as the first", () => {
    expect(page("10001")).toBe(10_000);
    expect(page("99999999999")).toBe(10_000);
  });
});
