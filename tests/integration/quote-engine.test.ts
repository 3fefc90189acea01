import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  billAnalyses,
  carrierFees,
  deviceOffers,
  promotions,
  ratePlans,
  ratePlanTiers,
} from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import {
  generateQuote,
  loadCatalogSnapshot,
  type NeedsReader,
  quoteDay,
  readNeeds,
} from "#server/quotes/index.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import { QUOTE_CUSTOMER } from "./helpers/quotes.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The quote engine against the seeded catalog (issue 15, decision 0019).
const world = setUpTestRuntime({ demo: true });
let rt: TestRuntime;
let ctx: UserContext;

beforeAll(async () => {
  ({ rt } = world());
  ctx = await userContextFor(rt, { username: "demo" });
});

const customerInfo = QUOTE_CUSTOMER;

async function exists(ref: {
  table: string;
  id: string;
  tierId?: string | null;
}): Promise<boolean> {
  const db = rt.database.db;
  const one = async (rows: Promise<unknown[]>) => (await rows).length === 1;
  switch (ref.table) {
    case "rate_plans":
      return (
        (await one(
          db.select({ id: ratePlans.id }).from(ratePlans).where(eq(ratePlans.id, ref.id)),
        )) &&
        (!ref.tierId ||
          (await one(
            db
              .select({ id: ratePlanTiers.id })
              .from(ratePlanTiers)
              .where(eq(ratePlanTiers.id, ref.tierId)),
          )))
      );
    case "device_offers":
      return one(
        db.select({ id: deviceOffers.id }).from(deviceOffers).where(eq(deviceOffers.id, ref.id)),
      );
    case "promotions":
      return one(
        db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, ref.id)),
      );
    case "carrier_fees":
      return one(
        db.select({ id: carrierFees.id }).from(carrierFees).where(eq(carrierFees.id, ref.id)),
      );
    default:
      return false;
  }
}

describe(`the quote engine on the seeded catalog (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("seeds what it prices with: tiers, device offers tied to the directory, fees, promotion credits", async () => {
    const catalog = await loadCatalogSnapshot(ctx, quoteDay(ctx));
    expect(catalog.plans.filter((p) => p.tiers.length > 0)).toHaveLength(9);
    expect(catalog.plans.filter((p) => p.planType === "Wearable")).toHaveLength(3);
    expect(catalog.deviceOffers.length).toBeGreaterThan(60);
    expect(catalog.deviceOffers.every((o) => o.certifiedDeviceId !== null)).toBe(true);
    expect(catalog.fees.map((f) => f.carrier).sort()).toEqual(["att", "tmobile", "verizon"]);
    expect(catalog.promotions).toHaveLength(3);
  });

  it.each([
    "We need 10 iPhone 16 Pros with trade-in on AT&T, 36 months",
    "4 iPads and 4 phones on Verizon",
    "fixed wireless for 4 stores, 3 apple watches and 20 phones with 30 GB hotspot",
    "A 500-line fleet, keep our numbers, $1,500 a month total",
  ])("generates %s, every item pointing at an existing catalog row", async (description) => {
    const quote = await generateQuote(ctx, { description, customerInfo });
    expect(quote.customerInfo).toEqual(customerInfo);
    expect(quote.options.length).toBeGreaterThan(0);
    expect(quote.options[0]?.recommended).toBe(true);
    const items = quote.options.flatMap((o) => o.items);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(await exists(item.ref), JSON.stringify(item)).toBe(true);
  });

  it("applies the seeded promotions' credits", async () => {
    const quote = await generateQuote(ctx, {
      description: "4 iPads and 4 phones on Verizon",
      customerInfo,
    });
    expect(quote.options[0]?.items.filter((i) => i.kind === "discount")).toMatchObject([
      { quantity: 4, unitMonthlyCents: -833, months: 36 },
    ]);
  });

  it("quotes the seeded bill analysis's lines with the saving", async () => {
    const [seeded] = await rt.database.db
      .select({ result: billAnalyses.result })
      .from(billAnalyses)
      .where(eq(billAnalyses.fileName, "summit-dental-october-bill.pdf"));
    if (!seeded?.result) throw new Error("no seeded bill analysis");
    const quote = await generateQuote(ctx, { currentBill: seeded.result });
    expect(quote.source).toBe("bill");
    expect(quote.needs.lines).toMatchObject({ voice: 40, mobile_internet: 10 });
    const monthly = quote.options[0]?.totals.monthlyCents ?? 0;
    // Its 50 lines' plan charges, $79.75 each (decision 0019, addendum).
    expect(quote.saving).toEqual({
      currentMonthlyCents: 398750,
      monthlyCents: 398750 - monthly,
      yearlyCents: (398750 - monthly) * 12,
    });
  });

  it("takes a reader behind the NeedsReader interface, and falls back when its answer does not fit", async () => {
    const reader: NeedsReader = {
      name: "test",
      read: async (d) => ({ ...readNeeds(d), carriers: { preferred: ["att"], excluded: [] } }),
    };
    const quote = await generateQuote(ctx, { description: "3 phones", customerInfo }, { reader });
    expect(quote.options.every((o) => o.carrier === "att")).toBe(true);
    const broken: NeedsReader = { name: "broken", read: async () => ({ lines: "many" }) as never };
    const fallback = await generateQuote(
      ctx,
      { description: "3 phones", customerInfo },
      { reader: broken },
    );
    expect(fallback.assumptions[0]).toMatch(/built-in reader/);
    expect(fallback.needs.lines.voice).toBe(3);
  });
});
