import { describe, expect, it } from "vitest";
import { savingsBasis } from "./bill-savings.ts";

describe("savingsBasis", () => {
  it("names the plan charges and the option's price the saving compares", () => {
    // att.pdf: $590.00 of plans against T-Mobile's $370.00.
    expect(
      savingsBasis({
        potentialSavings: {
          annualSavings: 2640,
          enterpriseOpportunities: [],
          compared: { planCharges: 590, option: 370 },
        },
      }),
    ).toBe(
      "Plan charges on this bill ($590.00 a month) vs the option's plan prices ($370.00), before taxes",
    );
  });

  it("says an analysis made under the first rule compared the bill's total", () => {
    expect(
      savingsBasis({ potentialSavings: { annualSavings: 9337.2, enterpriseOpportunities: [] } }),
    ).toBe("This bill's total vs the option's plan prices, before taxes");
  });
});
