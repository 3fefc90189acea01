import { describe, expect, it } from "vitest";
import { LEGACY_REDIRECTS, legacyRedirect } from "./portal-screens.ts";

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
