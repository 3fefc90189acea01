import { describe, expect, it } from "vitest";
import {
  PORTAL_TOOLS,
  searchTools,
  titleForPath,
  toolsByCategory,
  toolsFor,
} from "./portal-tools.ts";

describe("the portal's tools", () => {
  it("lists the spec's tools by category, in order, with Analytics coming soon", () => {
    expect(
      toolsByCategory(toolsFor("agent")).map(([c, tools]) => [c, tools.map((t) => t.title)]),
    ).toEqual([
      ["AI Tools", ["AI Sales Assistant", "Bill Analyzer"]],
      [
        "Sales Tools",
        [
          "Quote Generator",
          "Plan Comparison",
          "Sales Resources",
          "Carrier Promos",
          "Certified Devices",
        ],
      ],
      ["Management", ["My Deals", "Customers", "Reports", "Analytics"]],
      ["Admin", []],
    ]);
    const adminGroup = toolsByCategory(toolsFor("admin")).find(([c]) => c === "Admin");
    expect(adminGroup?.[1].map((t) => t.title)).toEqual(["Users", "Waitlist", "Outbox"]);
    expect(PORTAL_TOOLS.filter((t) => t.comingSoon).map((t) => [t.title, t.path])).toEqual([
      ["Analytics", "/analytics"],
    ]);
  });

  it("searches title or description, ignoring case", () => {
    expect(searchTools("DEVICES").map((t) => t.title)).toEqual(["Certified Devices"]);
    // "savings" appears only in the Bill Analyzer's description.
    expect(searchTools("Savings").map((t) => t.title)).toEqual(["Bill Analyzer"]);
    expect(searchTools("  ")).toHaveLength(PORTAL_TOOLS.length);
    expect(searchTools("waitlist", toolsFor("agent"))).toEqual([]);
    expect(searchTools("zzz")).toEqual([]);
  });

  it("names the header after the current tool, 'Dashboard' by default", () => {
    expect(titleForPath("/dashboard")).toBe("Dashboard");
    expect(titleForPath("/dashboard/plans")).toBe("Plan Comparison");
    expect(titleForPath("/dashboard/deals/")).toBe("My Deals");
    expect(titleForPath("/dashboard/deals/new")).toBe("New Deal");
    expect(titleForPath("/dashboard/quotes/new")).toBe("Quote Generator");
    expect(titleForPath("/dashboard/account")).toBe("My Account");
    expect(titleForPath("/dashboard/unknown")).toBe("Dashboard");
    expect(titleForPath("/dashboard/admin/waitlist")).toBe("Waitlist");
  });
});
