import { describe, expect, it } from "vitest";
import { arrivedUrl, nextFilterParams } from "./use-url-filters.ts";

describe("nextFilterParams", () => {
  it("drops the resets, sets changes, and removes defaults", () => {
    const next = nextFilterParams(
      new URLSearchParams("carrier=att&page=3&q=x"),
      { type: "Router", q: "", carrier: "all" },
      ["page"],
    );
    expect(next.toString()).toBe("type=Router");
  });
});

describe("arrivedUrl: filters picked faster than their pages load", () => {
  it("keeps the later changes on their way when an earlier one of ours arrives late", () => {
    // Carrier, then type, then tech: the carrier's page arrives while the other two are pending.
    const requested = ["carrier=verizon", "carrier=verizon&type=Router"];
    expect(arrivedUrl(requested, "carrier=verizon")).toEqual({
      requested: ["carrier=verizon&type=Router"],
      settled: false,
    });
  });

  it("settles when the last change of ours arrives", () => {
    expect(arrivedUrl(["a=1", "a=1&b=2"], "a=1&b=2")).toEqual({ requested: [], settled: true });
  });

  it("lets someone else's URL (back, forward, a link) replace whatever was on its way", () => {
    expect(arrivedUrl(["a=1", "a=1&b=2"], "c=3")).toEqual({ requested: [], settled: true });
  });
});
