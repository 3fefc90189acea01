import { describe, expect, it } from "vitest";
import { nextSort } from "./device-query.ts";

describe("column sorting", () => {
  it("flips the active column and sorts another one ascending", () => {
    expect(nextSort({ sort: "model", dir: "asc" }, "model")).toEqual({
      sort: "model",
      dir: "desc",
    });
    expect(nextSort({ sort: "model", dir: "desc" }, "model")).toEqual({
      sort: "model",
      dir: "asc",
    });
    expect(nextSort({ sort: "model", dir: "desc" }, "bands")).toEqual({
      sort: "bands",
      dir: "asc",
    });
  });
});
