import { describe, expect, it } from "vitest";
import {
  comparedPlans,
  filterPlans,
  planTypes,
  planViewSchema,
  readPlanView,
} from "./rate-plan-filter.ts";
import { readFilters } from "./schemas/catalog-filters.ts";
import type { RatePlanView } from "./schemas/rate-plan.ts";

const plan = (over: Partial<RatePlanView>): RatePlanView => ({
  id: over.plan ?? "x",
  carrier: "att",
  plan: "Plan",
  planType: "Business Unlimited",
  pricePerLineCents: 5000,
  premiumData: null,
  hotspot: null,
  videoStreaming: null,
  ...over,
});

const plans = [
  plan({ plan: "Elite", carrier: "att", pricePerLineCents: 6500, premiumData: "Unlimited" }),
  plan({ plan: "Start", carrier: "verizon", pricePerLineCents: 3000 }),
  plan({
    plan: "Tablet",
    carrier: "tmobile",
    planType: "Tablet",
    pricePerLineCents: 2000,
    hotspot: "5 GB",
  }),
];
const view = (query: string) => readPlanView(new URLSearchParams(query));
/** The ids of the plans compared, among four plans "a" to "d". */
const abcd = ["a", "b", "c", "d"].map((id) => plan({ id, plan: id.toUpperCase() }));
const compared = (query: string) => comparedPlans(abcd, view(query).compare).map((p) => p.id);

describe("the plan screen's view", () => {
  it("defaults to all plans by price, ascending", () => {
    expect(view("")).toEqual({
      q: "",
      carrier: "all",
      type: "all",
      sort: "price",
      dir: "asc",
      compare: [],
    });
    expect(filterPlans(plans, view("")).map((p) => p.plan)).toEqual(["Tablet", "Start", "Elite"]);
  });

  it("falls back to the defaults for values it does not know", () => {
    expect(view("carrier=sprint&sort=name&dir=up")).toMatchObject({
      carrier: "all",
      sort: "price",
      dir: "asc",
    });
  });

  it("compares at most three plans, the first three named", () => {
    expect(compared("compare=a,b,c,d")).toEqual(["a", "b", "c"]);
    expect(compared("compare=d,b")).toEqual(["d", "b"]);
  });

  it("drops ids of no plan before taking three, so they take no real plan's place", () => {
    expect(compared("compare=nope,a,b,c")).toEqual(["a", "b", "c"]);
    expect(compared("compare=x,y,z,a,gone,b,c,d")).toEqual(["a", "b", "c"]);
    expect(compared("compare=a,a,a,b")).toEqual(["a", "b"]);
    expect(compared("compare=x,y")).toEqual([]);
  });

  it("searches a text longer than 100 characters as its first 100", () => {
    expect(view(`q=${"5".repeat(120)}`).q).toBe("5".repeat(100));
  });

  it("filters by carrier, plan type and text, ignoring case", () => {
    expect(filterPlans(plans, view("carrier=verizon")).map((p) => p.plan)).toEqual(["Start"]);
    expect(filterPlans(plans, view("type=Tablet")).map((p) => p.plan)).toEqual(["Tablet"]);
    expect(filterPlans(plans, view("q=UNLIMITED")).map((p) => p.plan)).toEqual(["Start", "Elite"]);
    expect(filterPlans(plans, view("q=5 gb")).map((p) => p.plan)).toEqual(["Tablet"]);
  });

  it("sorts by plan type or price in either direction", () => {
    expect(filterPlans(plans, view("dir=desc")).map((p) => p.plan)).toEqual([
      "Elite",
      "Start",
      "Tablet",
    ]);
    expect(filterPlans(plans, view("sort=type")).map((p) => p.plan)).toEqual([
      "Elite",
      "Start",
      "Tablet",
    ]);
    expect(filterPlans(plans, view("sort=type&dir=desc")).map((p) => p.plan)).toEqual([
      "Tablet",
      "Elite",
      "Start",
    ]);
  });

  it("builds the plan-type filter from the data", () => {
    expect(planTypes(plans)).toEqual(["Business Unlimited", "Tablet"]);
  });

  it("reads every URL as the shared schema does", () => {
    const values = [
      "",
      "all",
      "att",
      "verizon",
      "tmobile",
      "sprint",
      "ATT",
      "price",
      "type",
      "asc",
      "desc",
      "Tablet",
      "5 GB",
      "a,b",
      "a,,b,c,d",
      ",",
      "x".repeat(100),
      "x".repeat(101),
      "tab\there",
      "nul\u0000",
      "del\u007f",
      "half \ud800",
      "emoji 📱",
    ];
    const keys = ["q", "carrier", "type", "sort", "dir", "compare"];
    for (const key of keys) {
      for (const value of values) {
        const params = new URLSearchParams({ [key]: value });
        expect(readPlanView(params), `${key}=${JSON.stringify(value)}`).toEqual(
          readFilters(planViewSchema, params),
        );
      }
    }
    const every = new URLSearchParams(
      keys.map((key, i) => [key, values[(i * 5) % values.length] ?? ""]),
    );
    expect(readPlanView(every)).toEqual(readFilters(planViewSchema, every));
    expect(readPlanView(new URLSearchParams())).toEqual(
      readFilters(planViewSchema, new URLSearchParams()),
    );
  });
});
