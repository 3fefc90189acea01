import { describe, expect, it } from "vitest";
import {
  isWithin,
  PORTAL_TOOLS,
  searchTools,
  titleForPath,
  toolsByCategory,
  toolsFor,
} from "./portal-tools.ts";

const AGENT = { role: "agent", platformOperator: false };
const ADMIN = { role: "admin", platformOperator: false };
const OPERATOR = { role: "agent", platformOperator: true };
const ADMIN_OPERATOR = { role: "admin", platformOperator: true };

describe("the portal's tools", () => {
  it("lists the spec's tools by category, in order, with Analytics coming soon", () => {
    expect(
      toolsByCategory(toolsFor(AGENT)).map(([c, tools]) => [c, tools.map((t) => t.title)]),
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
    const adminGroup = (viewer: typeof AGENT) =>
      toolsByCategory(toolsFor(viewer))
        .find(([c]) => c === "Admin")?.[1]
        .map((t) => t.title);
    // The waitlist is the platform operators' (decision 0011); the users, a company admin's.
    expect(adminGroup(ADMIN)).toEqual(["Users", "Company Settings", "Outbox"]);
    expect(adminGroup(OPERATOR)).toEqual(["Waitlist", "Outbox"]);
    expect(adminGroup(ADMIN_OPERATOR)).toEqual(["Users", "Company Settings", "Waitlist", "Outbox"]);
    expect(PORTAL_TOOLS.filter((t) => t.comingSoon).map((t) => [t.title, t.path])).toEqual([
      ["Analytics", "/analytics"],
    ]);
  });

  it("searches title or description, ignoring case", () => {
    expect(searchTools("DEVICES").map((t) => t.title)).toEqual(["Certified Devices"]);
    // "savings" appears only in the Bill Analyzer's description.
    expect(searchTools("Savings").map((t) => t.title)).toEqual(["Bill Analyzer"]);
    expect(searchTools("  ")).toHaveLength(PORTAL_TOOLS.length);
    expect(searchTools("waitlist", toolsFor(AGENT))).toEqual([]);
    expect(searchTools("waitlist", toolsFor(ADMIN))).toEqual([]);
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

describe("isWithin", () => {
  it("holds for a tool's page and the pages under it, by whole segments", () => {
    expect(isWithin("/dashboard/deals", "/dashboard/deals")).toBe(true);
    expect(isWithin("/dashboard/deals/", "/dashboard/deals")).toBe(true);
    expect(isWithin("/dashboard/deals/new", "/dashboard/deals")).toBe(true);
    expect(isWithin("/dashboard/dealsx", "/dashboard/deals")).toBe(false);
    expect(isWithin("/dashboard", "/dashboard/deals")).toBe(false);
  });
});
