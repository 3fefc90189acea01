import type { QuoteItem, QuoteOption } from "#app/lib/schemas/quote.ts";
import type { ProposalView } from "./render.ts";

// A proposal's view with made-up figures, for the renderer's tests and bench/quotes.ts.

export const plan = (n: number): QuoteItem => ({
  kind: "plan",
  lineKind: "voice",
  carrier: "att",
  description: `Business Unlimited Performance line ${n}`,
  quantity: 2,
  unitMonthlyCents: 4500,
  unitOneTimeCents: 0,
  months: null,
  ref: { table: "rate_plans", id: `plan-${n}`, tierId: null },
});
export const BASE_ITEMS: QuoteItem[] = [
  {
    ...plan(1),
    description: "Business Unlimited Performance",
    quantity: 10,
    unitMonthlyCents: 4500,
  },
  {
    kind: "device",
    lineKind: "voice",
    carrier: "att",
    description: "iPhone 16 (128 GB), 36 monthly installments",
    quantity: 10,
    unitMonthlyCents: 2222,
    unitOneTimeCents: 0,
    months: 36,
    ref: { table: "device_offers", id: "d1", certifiedDeviceId: null },
  },
  {
    kind: "discount",
    lineKind: "voice",
    carrier: "att",
    description: "Switcher credit",
    quantity: 10,
    unitMonthlyCents: -1000,
    unitOneTimeCents: 0,
    months: 24,
    ref: { table: "promotions", id: "p1" },
  },
  {
    kind: "fee",
    lineKind: null,
    carrier: "att",
    description: "Activation fee",
    quantity: 10,
    unitMonthlyCents: 0,
    unitOneTimeCents: 3500,
    months: null,
    ref: { table: "carrier_fees", id: "f1" },
  },
];

export function optionWith(items: QuoteItem[]): QuoteOption {
  const monthlyCents = items.reduce((sum, i) => sum + i.quantity * i.unitMonthlyCents, 0);
  const oneTimeCents = items.reduce((sum, i) => sum + i.quantity * i.unitOneTimeCents, 0);
  return {
    carrier: "att",
    label: "AT&T",
    recommended: true,
    meetsAllNeeds: true,
    items,
    totals: {
      monthlyCents,
      oneTimeCents,
      termCents: monthlyCents * 24 + oneTimeCents,
      termMonths: 24,
      lines: 10,
    },
    unmet: [],
  };
}

export function sampleProposalView(overrides: Partial<ProposalView> = {}): ProposalView {
  return {
    reseller: { name: "Northwind Wireless", brandColor: "#0f766e", logo: null },
    customer: {
      companyName: "Café Zürich Łódź",
      contactName: "Renée Müller",
      contactEmail: "renee@cafe.example",
      companyWebsite: "https://cafe.example",
    },
    quote: {
      reference: "Q-7F3A2C",
      version: 2,
      createdOn: "2026-11-24",
      validUntil: "2026-12-24",
      pricedOn: "2026-11-24",
      termMonths: 24,
      source: "bill",
    },
    option: optionWith(BASE_ITEMS),
    saving: { currentMonthlyCents: 90_000, monthlyCents: 25_780, yearlyCents: 309_360 },
    assumptions: ["No carrier named: all three compared.", "Devices on 36 monthly installments ✓"],
    agent: { name: "Avery Agent", email: "avery@northwind.example" },
    ...overrides,
  };
}

/** A proposal whose items table runs to three pages (60 plan rows and the three other groups). */
export function longProposalView(): ProposalView {
  const items = [...Array.from({ length: 60 }, (_, n) => plan(n + 1)), ...BASE_ITEMS.slice(1)];
  return sampleProposalView({
    option: {
      ...optionWith(items),
      unmet: [{ need: "lines.wearable", reason: "AT&T has no wearable plan in the catalog." }],
    },
  });
}
