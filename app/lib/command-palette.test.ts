import { describe, expect, it } from "vitest";
import type { Viewer } from "./access.ts";
import { flatItems, paletteGroups } from "./command-palette.ts";

const agent: Viewer = { role: "agent", platformOperator: false };
const admin: Viewer = { role: "admin", platformOperator: false };

describe("the command palette's results", () => {
  it("lists the pages, then the tools by category; one with no screen at all is left out", () => {
    const groups = paletteGroups(agent, "");
    expect(groups.map((g) => g.heading)).toEqual([
      "Pages",
      "AI Tools",
      "Sales Tools",
      "Management",
    ]);
    const labels = flatItems(groups).map((i) => i.label);
    expect(labels).toContain("Certified Devices");
    expect(labels).not.toContain("Analytics");
    expect(labels).not.toContain("Users");
  });

  it("shows admins the admin tools", () => {
    expect(paletteGroups(admin, "").map((g) => g.heading)).toContain("Admin");
  });

  it("matches titles and descriptions, case-insensitively", () => {
    expect(flatItems(paletteGroups(agent, "DEVICES")).map((i) => i.label)).toEqual([
      "Certified Devices",
    ]);
    expect(flatItems(paletteGroups(agent, "promotions")).map((i) => i.label)).toEqual([
      "Carrier Promos",
    ]);
    expect(paletteGroups(agent, "account")[0]).toEqual({
      heading: "Pages",
      items: [expect.objectContaining({ label: "My Account" })],
    });
  });

  it("puts the tool whose name was typed first, before one whose description matches", () => {
    // "device type" is in Carrier Promos' description, which comes first in the sidebar.
    expect(flatItems(paletteGroups(agent, "devi")).map((i) => i.label)).toEqual([
      "Certified Devices",
      "Carrier Promos",
    ]);
    // Among the groups too: a title in Management beats a description in AI Tools.
    const customers = flatItems(paletteGroups(agent, "custom")).map((i) => i.label);
    expect(customers[0]).toBe("Customers");
  });

  it("gives every item a unique id", () => {
    const ids = flatItems(paletteGroups(admin, "")).map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
