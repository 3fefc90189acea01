import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/blog/new")).toBe("/blog/new");
    expect(safeRedirect("/dashboard/deals?status=lead")).toBe("/dashboard/deals?status=lead");
    expect(safeRedirect("/dashboard/devices?q=a%2Fb#top")).toBe("/dashboard/devices?q=a%2Fb#top");
  });

  it("refuses other origins and odd values", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "",
      null,
      undefined,
      "javascript:alert(1)",
    ]) {
      expect(safeRedirect(bad)).toBe("/dashboard");
    }
  });

  it("refuses what a browser would bend into another origin, or a header cannot hold", () => {
    for (const bad of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\u0000/x",
      "/\u007f/x",
      "/\u0085/evil.example",
      "/\u2028/evil.example",
      "/ok/\\evil.example",
      "/dashboard//evil.example",
      "/dashboard?next=//evil.example",
      `/${"a".repeat(2001)}`,
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe("/dashboard");
    }
  });

  it("refuses React Router's data URLs", () => {
    expect(safeRedirect("/dashboard.data")).toBe("/dashboard");
    expect(safeRedirect("/dashboard/_.data?_routes=root")).toBe("/dashboard");
    expect(safeRedirect("/dashboard/account.data")).toBe("/dashboard");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", "/dashboard/account")).toBe("/dashboard/account");
  });
});
