import { describe, expect, it } from "vitest";
import { LINE_KINDS } from "#app/lib/domain.ts";
import { quoteNeedsSchema } from "#app/lib/schemas/quote.ts";
import { GOLDEN_TODAY, goldenCatalog } from "./golden-catalog.ts";
import { GOLDEN, type Totals } from "./golden-set.ts";
import { priceQuote } from "./price.ts";
import { readNeeds } from "./read-needs.ts";

// The golden set (issue 15): descriptions from one line to a 500-line fleet, each with the needs
// the built-in reader must read and the totals the pricer must give against the frozen catalog
// (golden-catalog.ts), priced on {GOLDEN_TODAY}. A rule change that moves a total fails here:
// check the new figure by hand before changing the table.

const DEFAULTS = {
  carriers: { preferred: [], excluded: [] },
  features: {
    hotspotGb: null,
    premiumDataGb: null,
    international: false,
    fiveG: false,
    video: null,
  },
  budget: { perLineCents: null, monthlyTotalCents: null },
  devices: [],
  devicePayment: "installments",
  tradeIn: false,
  termMonths: 24,
  portInCount: 0,
} as const;

describe("golden set", () => {
  it("holds at least 30 descriptions, from one line to a 500-line fleet", () => {
    expect(GOLDEN.length).toBeGreaterThanOrEqual(30);
    const sizes = GOLDEN.map((g) => LINE_KINDS.reduce((n, k) => n + (g.needs.lines[k] ?? 0), 0));
    expect(Math.min(...sizes)).toBe(1);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(500);
  });

  it.each(GOLDEN)("$text", (g) => {
    const needs = readNeeds(g.text);
    expect(quoteNeedsSchema.parse(needs)).toEqual(needs);
    const { assumptions: _a, ...read } = needs;
    expect(read).toEqual({
      ...DEFAULTS,
      ...g.needs,
      features: { ...DEFAULTS.features, ...g.needs.features },
      budget: { ...DEFAULTS.budget, ...g.needs.budget },
      lines: Object.fromEntries(LINE_KINDS.map((k) => [k, g.needs.lines[k] ?? 0])),
    });

    const quote = priceQuote(goldenCatalog, needs, { today: GOLDEN_TODAY });
    expect(
      quote.options.map((o) => {
        const row: Totals = [
          o.label,
          o.totals.monthlyCents,
          o.totals.oneTimeCents,
          o.totals.termCents,
        ];
        if (o.unmet.length > 0) row.push(o.unmet.map((u) => u.need));
        return row;
      }),
    ).toEqual(g.options);
    expect(quote.options.filter((o) => o.recommended)).toEqual([quote.options[0]]);
  });
});
