import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { GeneratedQuote, QuoteOption } from "#app/lib/schemas/quote.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { billPlanChargesCents, needsFromBill } from "#server/quotes/index.ts";
import { analyzeBill } from "./analyze.ts";
import { type Bill, readWhole } from "./bill.ts";
import { withSavings } from "./savings.ts";

const truth: Bill = JSON.parse(
  readFileSync(join(PROJECT_ROOT, "tests/fixtures/bills/att.json"), "utf8"),
);
const analysis = analyzeBill(readWhole(truth));
// What the saving compares with (decision 0019, addendum): att.pdf's plan charges, $590.00, not
// its $1,148.10 total.
const currentCents = billPlanChargesCents(analysis) ?? 0;

function option(
  label: string,
  monthlyCents: number,
  extra: Partial<QuoteOption> = {},
): QuoteOption {
  return {
    carrier: "tmobile",
    label,
    recommended: false,
    meetsAllNeeds: true,
    items: [],
    totals: {
      monthlyCents,
      oneTimeCents: 0,
      termCents: monthlyCents * 24,
      termMonths: 24,
      lines: 12,
    },
    unmet: [],
    ...extra,
  };
}

function quoteOf(options: QuoteOption[]): GeneratedQuote {
  const recommended = options.find((o) => o.recommended) ?? options[0];
  const monthly = currentCents - (recommended?.totals.monthlyCents ?? 0);
  return {
    source: "bill",
    pricedOn: "2026-11-24",
    needs: needsFromBill(analysis),
    options,
    unmet: [],
    assumptions: [],
    saving: { currentMonthlyCents: currentCents, monthlyCents: monthly, yearlyCents: monthly * 12 },
  };
}

describe("withSavings", () => {
  it("takes the saving and the comparison from the recommended option", () => {
    const credit = {
      kind: "discount" as const,
      lineKind: "voice" as const,
      carrier: "tmobile" as const,
      description: "Switcher credit: $10 a line for 12 months",
      quantity: 3,
      unitMonthlyCents: -1_000,
      unitOneTimeCents: 0,
      months: 12,
      ref: { table: "promotions" as const, id: "p1" },
    };
    const result = withSavings(
      analysis,
      quoteOf([
        option("T-Mobile", currentCents - 10_000, { recommended: true, items: [credit] }),
        option("Verizon", currentCents + 5_000, {
          carrier: "verizon",
          unmet: [{ need: "feature.hotspot", reason: "No hotspot" }],
        }),
      ]),
    );
    expect(currentCents).toBe(59_000);
    expect(result.potentialSavings.annualSavings).toBe(1_200);
    expect(result.potentialSavings.compared).toEqual({ planCharges: 590, option: 490 });
    expect(result.potentialSavings.enterpriseOpportunities.at(-1)).toBe(
      "Move to T-Mobile to save $1,200.00 a year in plan charges on the same lines, before taxes.",
    );
    expect(result.competitiveAnalysis.marketComparison.costDifference).toBe(100);
    expect(result.competitiveAnalysis.marketComparison.featureGaps).toEqual([]);
    expect(result.competitiveAnalysis.marketComparison.advantages).toEqual([
      "T-Mobile prices the same 12 lines at $490.00 a month.",
      "That is $100.00 a month less than the plan charges on this bill ($590.00): $1,200.00 a year, before taxes.",
      "Verizon: $640.00 a month for the same lines.",
    ]);
    expect(result.competitiveAnalysis.enterpriseDiscounts).toEqual({
      available: true,
      potentialSavings: 360,
      requirements: [credit.description],
    });
    expect(result.lines).toEqual(analysis.lines);
  });

  it("claims no saving when the recommended option costs more, and shows the difference", () => {
    const result = withSavings(
      analysis,
      quoteOf([
        option("AT&T", currentCents + 2_500, {
          recommended: true,
          meetsAllNeeds: false,
          unmet: [{ need: "lines.wearable", reason: "No wearable plan" }],
        }),
      ]),
    );
    expect(result.potentialSavings.annualSavings).toBe(0);
    expect(result.potentialSavings.enterpriseOpportunities).toEqual(
      analysis.potentialSavings.enterpriseOpportunities,
    );
    expect(result.competitiveAnalysis.marketComparison.costDifference).toBe(-25);
    expect(result.competitiveAnalysis.marketComparison.featureGaps).toEqual(["No wearable plan"]);
    expect(result.competitiveAnalysis.enterpriseDiscounts.available).toBe(false);
  });
});
