import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/blog/new")).toBe("/blog/new");
    expect(safeRedirect("/dashboard/deals?status=lead")).toBe("/dashboard/deals?status=lead");
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
});
