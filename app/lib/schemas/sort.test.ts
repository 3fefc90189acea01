import { describe, expect, it } from "vitest";
import { z } from "zod";
import { nextSort, sortFields, sortParams } from "./sort.ts";

describe("column sorting", () => {
  it("flips the active column and sorts another one ascending", () => {
    expect(nextSort({ column: "model", dir: "asc" }, "model")).toEqual({
      column: "model",
      dir: "desc",
    });
    expect(nextSort({ column: "model", dir: "desc" }, "model")).toEqual({
      column: "model",
      dir: "asc",
    });
    expect(nextSort({ column: "model", dir: "desc" }, "bands")).toEqual({
      column: "bands",
      dir: "asc",
    });
  });

  it("keeps the defaults out of the URL, each on its own", () => {
    const defaults = { column: "signedUp", dir: "desc" } as const;
    expect(sortParams({ column: "signedUp", dir: "desc" }, defaults)).toEqual({
      sort: "",
      dir: "",
    });
    expect(sortParams({ column: "signedUp", dir: "asc" }, defaults)).toEqual({
      sort: "",
      dir: "asc",
    });
    expect(sortParams({ column: "name", dir: "asc" }, defaults)).toEqual({
      sort: "name",
      dir: "asc",
    });
    expect(sortParams({ column: "name", dir: "desc" }, defaults)).toEqual({
      sort: "name",
      dir: "",
    });
  });

  it("reads what it wrote back, and anything else as the default", () => {
    const schema = z.object(sortFields(["name", "signedUp"], { column: "signedUp", dir: "desc" }));
    const read = (query: string) => schema.parse(Object.fromEntries(new URLSearchParams(query)));
    expect(read("")).toEqual({ sort: "signedUp", dir: "desc" });
    expect(read("sort=name&dir=asc")).toEqual({ sort: "name", dir: "asc" });
    expect(read("sort=name")).toEqual({ sort: "name", dir: "desc" });
    expect(read("sort=password&dir=sideways")).toEqual({ sort: "signedUp", dir: "desc" });
  });
});
