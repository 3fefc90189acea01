import { describe, expect, it } from "vitest";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { deviceQuerySchema } from "#app/lib/schemas/device-query.ts";
import { SEARCH_MAX_LENGTH } from "#app/lib/search-text.ts";
import { nextFilterParams } from "#app/lib/use-url-filters.ts";
import {
  activeFilters,
  clearChanges,
  directionToggle,
  type ListToolbarSpec,
  type SelectField,
  type SortField,
  searchBoxText,
  selectChange,
  selectedValue,
  sortDirection,
} from "./list-toolbar-model.ts";

/** Options from [value, label] pairs. */
const options = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

const carrier: SelectField = {
  key: "carrier",
  label: "Carrier",
  options: options(["all", "All Carriers"], ["att", "AT&T"], ["verizon", "Verizon"]),
  chip: (o) => `Carrier: ${o.label}`,
};
const type: SelectField = {
  key: "type",
  label: "Type",
  options: options(["all", "All Types"], ["Router", "Router"]),
};
const sort: SortField = {
  key: "sort",
  label: "Sort",
  options: options(["price", "Sort by Price"], ["type", "Sort by Plan Type"]),
  direction: { key: "dir", default: "asc" },
};
const spec: ListToolbarSpec = {
  search: { label: "Search", placeholder: "Search..." },
  filters: [carrier, type],
  sort,
  resets: ["page"],
  active: { style: "chips" },
  clear: { alsoClears: ["columns"] },
};
const url = (query: string) => new URLSearchParams(query);
/** The URL a change leads to, as the toolbar applies it. */
const urlAfter = (query: string, changes: Record<string, string>) =>
  nextFilterParams(url(query), changes, spec.resets).toString();

describe("the list toolbar", () => {
  it("reads each select from the URL, a value it does not offer as its default", () => {
    expect(selectedValue(carrier, url("carrier=att"))).toBe("att");
    expect(selectedValue(carrier, url("carrier=sprint"))).toBe("all");
    expect(selectedValue(carrier, url(""))).toBe("all");
    expect(selectedValue({ ...type, default: "Router" }, url(""))).toBe("Router");
  });

  it("lists the active filters in the order of the controls, with their chip text", () => {
    expect(activeFilters(spec, url("q=x&sort=type&type=Router&carrier=verizon"))).toEqual([
      { key: "carrier", label: "Carrier: Verizon" },
      { key: "type", label: "Router" },
    ]);
    expect(activeFilters(spec, url("carrier=all&type=Sensor"))).toEqual([]);
  });

  it("keeps defaults out of the URL and sends the page back to the first", () => {
    expect(urlAfter("page=3&q=x", selectChange(carrier, "att"))).toBe("q=x&carrier=att");
    expect(urlAfter("carrier=att&page=2", selectChange(carrier, "all"))).toBe("");
    expect(urlAfter("sort=type", selectChange(sort, "price"))).toBe("");
  });

  it("removes a chip's filter and nothing else", () => {
    expect(urlAfter("carrier=att&type=Router&page=2", { carrier: "" })).toBe("type=Router");
  });

  it("flips the sort direction, leaving the default out of the URL", () => {
    expect(sortDirection(sort, url(""))).toBe("asc");
    expect(urlAfter("", directionToggle(sort, url("")))).toBe("dir=desc");
    expect(urlAfter("dir=desc", directionToggle(sort, url("dir=desc")))).toBe("");
    expect(sortDirection(sort, url("dir=up"))).toBe("asc");
  });

  it("clears the search, the filters and the keys it is told to, but keeps the sort", () => {
    expect(clearChanges(spec)).toEqual({ q: "", carrier: "", type: "", columns: "" });
    expect(
      urlAfter(
        "q=a&carrier=att&type=Router&columns=x&sort=type&dir=desc&page=4",
        clearChanges(spec),
      ),
    ).toBe("sort=type&dir=desc");
  });
});

describe("the search box's text from the URL", () => {
  const box = (q: string) => searchBoxText(spec.search, new URLSearchParams({ q }));

  it("is what the list searched: a longer q is cut to its first 100 characters", () => {
    const typed = `galaxy ${"x".repeat(150)}`;
    expect(box(typed)).toBe(typed.slice(0, SEARCH_MAX_LENGTH));
    expect(box(typed)).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it("reads every q as the lists' schema does", () => {
    const values = [
      "",
      "iphone",
      "  padded  ",
      "q".repeat(SEARCH_MAX_LENGTH + 1),
      `${"a".repeat(SEARCH_MAX_LENGTH - 1)}📱`,
      `${"b".repeat(SEARCH_MAX_LENGTH - 1)} tail`,
      "nul\u0000",
      "half \ud800",
    ];
    for (const q of values) {
      const params = new URLSearchParams({ q });
      expect(searchBoxText(spec.search, params), JSON.stringify(q)).toBe(
        readFilters(deviceQuerySchema, params).q,
      );
    }
  });

  it("is empty without a search field or a q", () => {
    expect(searchBoxText(undefined, new URLSearchParams({ q: "x" }))).toBe("");
    expect(searchBoxText(spec.search, new URLSearchParams())).toBe("");
  });
});
