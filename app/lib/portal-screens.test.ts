import { describe, expect, it } from "vitest";
import {
  isUnbuiltScreen,
  LEGACY_REDIRECTS,
  legacyRedirect,
  UNBUILT_SCREENS,
} from "./portal-screens.ts";

describe("the portal's screens not built yet", () => {
  it("knows a path whose screen is the coming-soon page, with or without a trailing slash", () => {
    expect(isUnbuiltScreen("/dashboard/bill-analyzer")).toBe(true);
    expect(isUnbuiltScreen("/dashboard/agent/")).toBe(true);
    expect(isUnbuiltScreen("/dashboard/reports")).toBe(false);
    expect(isUnbuiltScreen("/dashboard/quotes/new")).toBe(false);
    expect(isUnbuiltScreen("/dashboard/plans")).toBe(false);
    expect(isUnbuiltScreen("/dashboard/quotes")).toBe(false);
    expect(isUnbuiltScreen("/analytics")).toBe(false);
    expect(new Set(UNBUILT_SCREENS).size).toBe(UNBUILT_SCREENS.length);
  });
});

describe("the old app's addresses", () => {
  const at = (path: string) => legacyRedirect(new URL(path, "http://localhost"));

  it("lead to their portal screens, keeping the query", () => {
    expect(at("/customers")).toBe("/dashboard/customers");
    expect(at("/customers/")).toBe("/dashboard/customers");
    expect(at("/customers/new?from=deal")).toBe("/dashboard/customers/new?from=deal");
    expect(at("/quotes")).toBe("/dashboard/quotes");
  });

  it("lead nowhere else", () => {
    expect(at("/customers/other")).toBeNull();
    expect(at("/constructor")).toBeNull();
    expect(at("/__proto__")).toBeNull();
  });

  it("each lead to a portal path", () => {
    for (const target of Object.values(LEGACY_REDIRECTS)) expect(target).toMatch(/^\/dashboard\//);
  });
});
