import { describe, expect, it } from "vitest";
import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import type { QuoteNeeds } from "#app/lib/schemas/quote.ts";
import { deviceName, readAllowance, readVideoLines } from "./catalog.ts";
import { billPlanChargesCents, needsFromBill } from "./from-bill.ts";
import { GOLDEN_TODAY, goldenCatalog } from "./golden-catalog.ts";
import { matchDevice, priceQuote, tierPrice } from "./price.ts";
import { readNeeds } from "./read-needs.ts";

/** Realistic input for the checks that hold for any quote (the golden set checks exact totals). */
const DESCRIPTIONS = [
  "one phone",
  "We need 10 iPhone 16 Pros with trade-in on AT&T, 36 months",
  "internet for the office and 3 phones",
  "A 500-line fleet, keep our numbers, $1,500 a month total",
  "4 iPads and 4 phones on Verizon",
  "3 Pixel 9 phones, buy outright, on Verizon",
  "a fleet of 200 drivers needs phones and a hotspot each",
  "30 phones + 30 watches, 4K streaming, no T-Mobile",
];

const price = (needs: QuoteNeeds, today = GOLDEN_TODAY) =>
  priceQuote(goldenCatalog, needs, { today });

describe("reading a plan's text columns", () => {
  it.each([
    ["40 GB high-speed", { present: true, gb: 40 }],
    ["Unlimited 3G-speed", { present: true, gb: 0 }],
    ["Unlimited", { present: true, gb: Infinity }],
    [null, { present: false, gb: 0 }],
  ])("%s", (text, allowance) => {
    expect(readAllowance(text)).toEqual(allowance);
  });
  it("reads video quality", () => {
    expect([
      readVideoLines("SD (480p)"),
      readVideoLines("HD (720p)"),
      readVideoLines("4K UHD"),
    ]).toEqual([480, 720, 2160]);
  });
});

describe("the pricer", () => {
  it("prices by line-count tier, pointing at the tier row", () => {
    const plan = goldenCatalog.plans.find((p) => p.id === "plan-att-business-unlimited-standard");
    if (!plan) throw new Error("fixture");
    expect(tierPrice(plan, 1)).toEqual({
      cents: 5500,
      tierId: "plan-att-business-unlimited-standard-1",
    });
    expect(tierPrice(plan, 4)).toEqual({
      cents: 4000,
      tierId: "plan-att-business-unlimited-standard-3",
    });
    expect(tierPrice(plan, 100)).toEqual({
      cents: 2700,
      tierId: "plan-att-business-unlimited-standard-100",
    });
  });

  it("names a device without repeating a manufacturer its model starts with", () => {
    const devices = price(readNeeds("4 Apple Watch SE on AT&T, 24 months"))
      .options.flatMap((o) => o.items)
      .filter((i) => i.kind === "device")
      .map((i) => i.description);
    expect(devices.length).toBeGreaterThan(0);
    for (const description of devices) expect(description).toMatch(/^Apple Watch SE/);
    expect(deviceName({ manufacturer: "Apple", model: "iPhone 16" })).toBe("Apple iPhone 16");
  });

  it("never applies a promotion that has ended, and applies one that ends today", () => {
    const needs = readNeeds("10 phones on AT&T");
    const discounts = (today: string) =>
      price(needs, today)
        .options.filter((o) => o.label === "AT&T")
        .flatMap((o) => o.items.filter((i) => i.kind === "discount"));
    expect(discounts(GOLDEN_TODAY)).toEqual([]);
    expect(discounts("2026-01-14").map((d) => d.ref)).toEqual([
      { table: "promotions", id: "promo-att-phones-expired" },
    ]);
  });

  it("applies a trade-in credit only when the customer trades in", () => {
    const credits = (text: string) =>
      price(readNeeds(text)).options[0]?.items.filter((i) => i.kind === "discount") ?? [];
    expect(credits("4 iPhone 16 Pro on AT&T")).toEqual([]);
    expect(credits("4 iPhone 16 Pro on AT&T with trade-in")).toMatchObject([
      { quantity: 4, unitMonthlyCents: -2777, months: 36 },
    ]);
  });

  it("says which need no plan meets, and why", () => {
    const quote = price(readNeeds("6 phones with 200 GB hotspot on Verizon"));
    expect(quote.options[0]?.meetsAllNeeds).toBe(false);
    expect(quote.unmet).toEqual([
      {
        need: "feature.hotspot",
        reason: "200 GB hotspot asked; Verizon Business Unlimited Pro has 100 GB high-speed",
      },
    ]);
  });

  it("says when a carrier does not offer a device", () => {
    const quote = price(readNeeds("2 OnePlus phones and 2 Galaxy Z Fold6"));
    expect(quote.unmet.map((u) => u.need)).toEqual(["device.Galaxy Z Fold6"]);
  });

  it("answers with no options when every carrier is excluded", () => {
    const quote = price(readNeeds("5 phones, no AT&T, no Verizon, no T-Mobile"));
    expect(quote.options).toEqual([]);
    expect(quote.unmet).toEqual([
      { need: "carriers", reason: "every carrier was excluded: nothing to quote" },
    ]);
  });

  it("matches devices by model, else the cheapest holding every word", () => {
    const offers = goldenCatalog.deviceOffers.filter((o) => o.carrier === "verizon");
    const m = (model: string | null, kind: "voice" | "mobile_internet" = "voice") =>
      matchDevice({ kind, model, quantity: 1 }, offers)?.model;
    expect(m("iPhone 16 Pro")).toBe("iPhone 16 Pro");
    expect(m("iPhone")).toBe("iPhone 16e");
    expect(m("iPads", "mobile_internet")).toBe("iPad (A16)");
    expect(m(null)).toBe("2780 Flip");
    expect(m("Nokia 3310")).toBeUndefined();
  });

  it("points every item at a row of the catalog", () => {
    const ids = new Set([
      ...goldenCatalog.plans.map((p) => p.id),
      ...goldenCatalog.deviceOffers.map((o) => o.id),
      ...goldenCatalog.promotions.map((p) => p.id),
      ...goldenCatalog.fees.map((f) => f.id),
    ]);
    const tiers = new Set(goldenCatalog.plans.flatMap((p) => p.tiers.map((t) => t.id)));
    for (const text of DESCRIPTIONS) {
      for (const option of price(readNeeds(text)).options) {
        for (const item of option.items) {
          expect(ids.has(item.ref.id)).toBe(true);
          if (item.ref.table === "rate_plans" && item.ref.tierId)
            expect(tiers.has(item.ref.tierId)).toBe(true);
          expect(
            Number.isInteger(item.unitMonthlyCents) && Number.isInteger(item.unitOneTimeCents),
          ).toBe(true);
        }
      }
    }
  });
});

describe("a quote from a bill analysis", () => {
  const bill: BillAnalysisResult = {
    totalMonthlyBill: 1234.5,
    dueDate: "2026-02-01",
    totalDataUsageGB: 120,
    businessMetrics: {
      costPerEmployee: 80,
      complianceStatus: { policyCompliant: true, issues: [] },
      internationalUsage: { cost: 0, countries: [] },
    },
    potentialSavings: { annualSavings: 0, enterpriseOpportunities: [] },
    departmentBreakdown: { Sales: { lines: 14, cost: 1234.5, dataUsage: 120 } },
    lines: [
      { lineType: "voice", phoneNumber: "1", department: "Sales", planCost: 75, dataUsageGB: 5 },
      { lineType: "voice", phoneNumber: "2", department: "Sales", planCost: 75, dataUsageGB: 5 },
      {
        lineType: "mobile_internet",
        phoneNumber: "3",
        department: "Sales",
        planCost: 40,
        dataUsageGB: 9,
      },
      { lineType: "wearable", phoneNumber: "4", department: "Sales", planCost: 10, dataUsageGB: 0 },
    ],
    competitiveAnalysis: {
      currentProvider: "Verizon Wireless",
      marketComparison: { costDifference: 0, featureGaps: [], advantages: [] },
      enterpriseDiscounts: { available: false, potentialSavings: 0, requirements: [] },
    },
  };

  it("quotes the same lines, and states no saving when the bill lists only some of them", () => {
    const needs = needsFromBill(bill);
    expect(needs.lines).toEqual({
      voice: 12,
      mobile_internet: 1,
      hotspot: 0,
      fixed_wireless: 0,
      wearable: 1,
    });
    expect(needs.portInCount).toBe(14);
    expect(needs.assumptions[0]).toBe(
      "the bill lists 4 of its 14 lines: the other 10 quoted as voice lines, and no saving stated (their plan charges are not listed)",
    );
    // The 10 unlisted lines' plan charges are unknown: $1,234.50 is the whole bill (devices,
    // roaming, taxes), and comparing it with plan prices is the overstatement decision 0019's
    // addendum ended.
    expect(billPlanChargesCents(bill)).toBeNull();
    const quote = priceQuote(goldenCatalog, needs, {
      today: GOLDEN_TODAY,
      source: "bill",
      currentMonthlyCents: billPlanChargesCents(bill),
    });
    // T-Mobile: 12 × $26 + $20 tablet + $12 watch = $344.
    expect(quote.options[0]?.totals.monthlyCents).toBe(34400);
    expect(quote.saving).toBeNull();
  });

  it("compares the bill's plan charges, not its total, with the option's first month", () => {
    const listed: BillAnalysisResult = {
      ...bill,
      departmentBreakdown: { Sales: { lines: 4, cost: 1234.5, dataUsage: 120 } },
      lines: bill.lines.map((line) => ({
        ...line,
        equipment: { deviceName: "Pixel 9", monthlyPayment: 27.78, remainingBalance: 500 },
      })),
    };
    // $75 + $75 + $40 + $10: the installments and the rest of the $1,234.50 are left out.
    expect(billPlanChargesCents(listed)).toBe(20_000);
    const quote = priceQuote(goldenCatalog, needsFromBill(listed), {
      today: GOLDEN_TODAY,
      source: "bill",
      currentMonthlyCents: billPlanChargesCents(listed),
    });
    // T-Mobile: 2 phones at the 2-line tier ($41) + $20 tablet + $12 watch = $114.
    expect(quote.options[0]?.totals.monthlyCents).toBe(11_400);
    expect(quote.saving).toEqual({
      currentMonthlyCents: 20_000,
      monthlyCents: 8_600,
      yearlyCents: 103_200,
    });
    expect(quote.assumptions).toContain(
      "the saving compares the plan charges on the current bill with the recommended option's first month, both before taxes; the bill's device installments and roaming are left out",
    );
  });
});
