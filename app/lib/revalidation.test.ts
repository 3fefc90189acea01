import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { searchChangedOnly } from "./revalidation.ts";

const BASE = "http://localhost/dashboard/devices";
const args = (next: string, formMethod?: "GET" | "POST"): ShouldRevalidateFunctionArgs => ({
  currentUrl: new URL(`${BASE}?carrier=att`),
  currentParams: {},
  nextUrl: new URL(next),
  nextParams: {},
  formMethod,
  defaultShouldRevalidate: true,
});

describe("searchChangedOnly", () => {
  it("is a filter, sort or page change on the screen already shown", () => {
    expect(searchChangedOnly(args(`${BASE}?carrier=verizon`))).toBe(true);
    expect(searchChangedOnly(args(BASE))).toBe(true);
    expect(searchChangedOnly(args(`${BASE}?carrier=verizon`, "GET"))).toBe(true);
  });

  it("is not another screen, the same address again, or a form sent", () => {
    expect(searchChangedOnly(args("http://localhost/dashboard/plans?carrier=att"))).toBe(false);
    expect(searchChangedOnly(args(`${BASE}?carrier=att`))).toBe(false);
    expect(searchChangedOnly(args(`${BASE}?carrier=verizon`, "POST"))).toBe(false);
  });
});
