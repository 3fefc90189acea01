import { describe, expect, it } from "vitest";
import type { OptionSelection, QuoteOption } from "#app/lib/schemas/quote.ts";
import { planKind } from "./catalog.ts";
import { GOLDEN_TODAY, goldenCatalog } from "./golden-catalog.ts";
import { GOLDEN } from "./golden-set.ts";
import { priceQuote } from "./price.ts";
import { readNeeds } from "./read-needs.ts";
import { priceSelection, SelectionError, selectionOfOption } from "./selection.ts";

const today = GOLDEN_TODAY;
const quoteOf = (text: string) => {
  const needs = readNeeds(text);
  return { needs, quote: priceQuote(goldenCatalog, needs, { today }) };
};
const optionOf = (
  text: string,
  index = 0,
): { needs: ReturnType<typeof readNeeds>; option: QuoteOption } => {
  const { needs, quote } = quoteOf(text);
  const option = quote.options[index];
  if (!option) throw new Error(`no option ${index} for ${text}`);
  return { needs, option };
};
const planItem = (o: QuoteOption) => o.items.find((i) => i.kind === "plan");

describe("re-pricing an unedited option", () => {
  // Options whose every line has a plan and every device an offer: the selection holds all of it.
  const whole = GOLDEN.flatMap((g) =>
    quoteOf(g.text)
      .quote.options.filter((o) => !o.unmet.some((u) => /^(lines|device)\./.test(u.need)))
      .map((o, i) => ({ text: g.text, label: o.label, index: i })),
  );

  it("covers most of the golden set", () => {
    expect(whole.length).toBeGreaterThan(60);
  });

  it.each(whole)("$text — $label gives the same items and totals", ({ text, index }) => {
    const { needs, quote } = quoteOf(text);
    const option = quote.options[index];
    if (!option) throw new Error("option missing");
    const selection = selectionOfOption(option, needs);
    const repriced = priceSelection(goldenCatalog, needs, selection, { today });
    expect(repriced).toEqual({ ...option, recommended: false });
  });
});

describe("editing an option", () => {
  it("more lines reach a cheaper tier; the totals follow", () => {
    const { needs, option } = optionOf("4 phones on Verizon");
    const before = planItem(option);
    const selection = selectionOfOption(option, needs);
    const plan = selection.plans[0];
    if (!plan || !before) throw new Error("no plan");
    const repriced = priceSelection(
      goldenCatalog,
      needs,
      { ...selection, plans: [{ ...plan, quantity: 120 }] },
      { today },
    );
    const after = planItem(repriced);
    expect(after?.quantity).toBe(120);
    expect(after?.unitMonthlyCents).toBeLessThan(before.unitMonthlyCents);
    expect(after?.ref).toMatchObject({ table: "rate_plans", id: plan.ratePlanId });
    expect(after?.ref.table === "rate_plans" && after.ref.tierId).toBeTruthy();
    expect(repriced.totals.lines).toBe(120);
    // The per-line activation fee counts the new lines.
    const fee = repriced.items.find((i) => i.kind === "fee" && i.lineKind !== null);
    if (fee) expect(fee.quantity).toBe(120);
  });

  it("a swapped plan is priced from the catalog and its shortfalls are named", () => {
    const { needs, option } = optionOf("10 phones on AT&T with 50GB hotspot each");
    const selection = selectionOfOption(option, needs);
    const current = selection.plans[0];
    if (!current) throw new Error("no plan");
    const cheaper = goldenCatalog.plans
      .filter((p) => p.carrier === "att" && planKind(p.planType) === "voice")
      .sort((a, b) => a.pricePerLineCents - b.pricePerLineCents)[0];
    if (!cheaper) throw new Error("no cheaper plan");
    const repriced = priceSelection(
      goldenCatalog,
      needs,
      { ...selection, plans: [{ ...current, ratePlanId: cheaper.id }] },
      { today },
    );
    expect(planItem(repriced)?.description).toContain(cheaper.plan);
    expect(repriced.unmet.map((u) => u.need)).toContain("feature.hotspot");
    expect(repriced.meetsAllNeeds).toBe(false);
  });

  it("a credit left off is not applied, and a removed device takes its credit with it", () => {
    const withCredit = GOLDEN.map((g) => optionOf(g.text)).find(({ option }) =>
      option.items.some((i) => i.kind === "discount"),
    );
    if (!withCredit) throw new Error("the golden set has no credit");
    const { needs, option } = withCredit;
    const credit = option.items.find((i) => i.kind === "discount");
    if (credit?.ref.table !== "promotions") throw new Error("no credit");
    const selection = selectionOfOption(option, needs);
    const without = priceSelection(
      goldenCatalog,
      needs,
      { ...selection, excludedPromotionIds: [credit.ref.id] },
      { today },
    );
    expect(
      without.items.some((i) => i.ref.table === "promotions" && i.ref.id === credit.ref.id),
    ).toBe(false);
    expect(without.totals.monthlyCents).toBe(
      option.totals.monthlyCents - credit.unitMonthlyCents * credit.quantity,
    );
  });

  it("paying outright turns installments into one-time prices", () => {
    const { needs, option } = optionOf("3 iPhone 16 for my team on T-Mobile");
    const selection = selectionOfOption(option, needs);
    expect(selection.devices.length).toBeGreaterThan(0);
    const repriced = priceSelection(
      goldenCatalog,
      needs,
      { ...selection, devicePayment: "outright" },
      { today },
    );
    const device = repriced.items.find((i) => i.kind === "device");
    expect(device?.unitMonthlyCents).toBe(0);
    expect(device?.unitOneTimeCents).toBeGreaterThan(0);
    expect(selectionOfOption(repriced, needs).devicePayment).toBe("outright");
  });

  it("the same plan or device named twice is one item", () => {
    const { needs, option } = optionOf("6 phones on Verizon");
    const selection = selectionOfOption(option, needs);
    const plan = selection.plans[0];
    if (!plan) throw new Error("no plan");
    const twice: OptionSelection = {
      ...selection,
      plans: [
        { ...plan, quantity: 2 },
        { ...plan, quantity: 4 },
      ],
    };
    const repriced = priceSelection(goldenCatalog, needs, twice, { today });
    expect(repriced.items.filter((i) => i.kind === "plan")).toHaveLength(1);
    expect(planItem(repriced)?.quantity).toBe(6);
  });

  it("refuses a plan of another carrier, of another kind of line, or a device it does not sell", () => {
    const { needs, option } = optionOf("5 phones on AT&T");
    const selection = selectionOfOption(option, needs);
    const plan = selection.plans[0];
    if (!plan) throw new Error("no plan");
    const verizon = goldenCatalog.plans.find((p) => p.carrier === "verizon");
    const attTablet = goldenCatalog.plans.find(
      (p) => p.carrier === "att" && planKind(p.planType) === "mobile_internet",
    );
    const tmoDevice = goldenCatalog.deviceOffers.find((d) => d.carrier === "tmobile");
    if (!verizon || !attTablet || !tmoDevice) throw new Error("catalog rows missing");
    const cases: OptionSelection[] = [
      { ...selection, plans: [{ ...plan, ratePlanId: verizon.id }] },
      { ...selection, plans: [{ ...plan, ratePlanId: attTablet.id }] },
      { ...selection, devices: [{ deviceOfferId: tmoDevice.id, quantity: 1 }] },
    ];
    for (const edit of cases) {
      expect(() => priceSelection(goldenCatalog, needs, edit, { today })).toThrow(SelectionError);
    }
  });

  it("refuses more devices of a kind than lines of that kind; as many is fine", () => {
    const { needs, option } = optionOf("12 iPhones on Verizon");
    const selection = selectionOfOption(option, needs);
    const device = selection.devices[0];
    if (!device) throw new Error("no device");
    expect(selection.plans.reduce((n, p) => n + p.quantity, 0)).toBe(12);
    const price = (devices: OptionSelection["devices"]) =>
      priceSelection(goldenCatalog, needs, { ...selection, devices }, { today });
    expect(() => price([{ ...device, quantity: 15 }])).toThrow(
      new SelectionError(
        "15 voice devices for 12 voice lines: each device needs a line. Add lines or take devices off.",
      ),
    );
    // Two rows of the same kind count together.
    expect(() =>
      price([
        { ...device, quantity: 10 },
        { ...device, quantity: 3 },
      ]),
    ).toThrow(SelectionError);
    expect(
      price([{ ...device, quantity: 12 }]).items.find((i) => i.kind === "device")?.quantity,
    ).toBe(12);
    // A device of a kind the option has no line for.
    const hotspot = goldenCatalog.deviceOffers.find(
      (d) => d.carrier === "verizon" && d.kind === "hotspot",
    );
    if (!hotspot) throw new Error("no Verizon hotspot");
    expect(() => price([{ deviceOfferId: hotspot.id, quantity: 1 }])).toThrow(
      "1 hotspot device for 0 hotspot lines",
    );
  });
});
