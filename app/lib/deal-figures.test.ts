import { describe, expect, it } from "vitest";
import { contractEnd, dealFigures, shownProbability } from "./deal-figures.ts";

describe("dealFigures", () => {
  it("computes total lines, value, monthly and total revenue in cents", () => {
    expect(
      dealFigures({
        voiceLines: 10,
        mobileInternetLines: 3,
        fixedWirelessLines: 2,
        monthlyRateCents: 4_550,
        contractTerm: 36,
        oneTimeRevenueCents: 25_000,
      }),
    ).toEqual({
      totalLines: 15,
      monthlyRevenueCents: 68_250,
      valueCents: 2_457_000,
      totalRevenueCents: 2_482_000,
    });
  });

  it("takes a 24-month term when none is set, and a term of 0 as 0", () => {
    const base = {
      voiceLines: 1,
      mobileInternetLines: 0,
      fixedWirelessLines: 0,
      monthlyRateCents: 100,
      oneTimeRevenueCents: 0,
    };
    expect(dealFigures({ ...base, contractTerm: null }).valueCents).toBe(2_400);
    expect(dealFigures({ ...base, contractTerm: undefined }).valueCents).toBe(2_400);
    expect(dealFigures({ ...base, contractTerm: 0 }).valueCents).toBe(0);
  });
});

describe("contractEnd", () => {
  it("adds the term in months to the won date", () => {
    expect(contractEnd(new Date("2026-01-15T12:00:00Z"), 24)?.toISOString()).toBe(
      "2028-01-15T12:00:00.000Z",
    );
    expect(contractEnd(new Date("2026-01-15T12:00:00Z"), null)?.toISOString()).toBe(
      "2028-01-15T12:00:00.000Z",
    );
  });

  it("has no end before the deal is won", () => {
    expect(contractEnd(null, 24)).toBeNull();
  });
});

describe("the probability a deal is shown with", () => {
  it("is settled for a closed deal, and the agent's estimate for an open one", () => {
    expect(shownProbability({ status: "closed_won", probability: 20 })).toBe(100);
    expect(shownProbability({ status: "closed_lost", probability: 60 })).toBe(0);
    for (const status of ["lead", "qualified", "proposal", "negotiation"] as const) {
      expect(shownProbability({ status, probability: 35 })).toBe(35);
    }
  });
});
