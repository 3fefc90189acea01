import { z } from "zod";
import {
  BOARD_STATUSES,
  type BoardStatus,
  CARRIERS,
  type Carrier,
  DEVICE_CATEGORIES,
  DEVICE_TYPES,
  type DealStatus,
  type DeviceCategory,
  RESOURCE_TYPES,
  type ResourceType,
} from "#app/lib/domain.ts";
import { DEVICE_TECHNOLOGIES, deviceQuerySchema } from "#app/lib/schemas/device-query.ts";
import { text } from "#app/lib/schemas/text.ts";
import {
  listActivePromotions,
  listRatePlans,
  listResources,
  searchDevices,
} from "#server/catalog/index.ts";
import { findCustomers } from "#server/customers/index.ts";
import { columnTotals, findDeals, renewalsDue } from "#server/deals/index.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { loadCatalogSnapshot, priceQuote, quoteDay, readNeeds } from "#server/quotes/index.ts";

// The assistant's tools: typed views over the areas' own services, never SQL of their own. The
// catalog ones read the shared catalog (the gate may use them); the company ones take the agent's
// context, so every row they see is the agent's company's (the services scope it).

export type PlanFact = {
  id: string;
  carrier: Carrier;
  plan: string;
  planType: string;
  pricePerLineCents: number;
  premiumData: string | null;
  hotspot: string | null;
};
export type DeviceFact = {
  carrier: Carrier;
  manufacturer: string;
  model: string;
  deviceType: string;
  network: string;
  fiveGBands: string;
};
export type DeviceSearch = { devices: DeviceFact[]; total: number; capped: boolean };
export type PromotionFact = {
  carrier: Carrier;
  deviceType: DeviceCategory;
  title: string;
  value: string;
  endsOn: string;
  requirements: string[];
};
export type ResourceFact = {
  id: string;
  title: string;
  type: ResourceType;
  carrier: Carrier;
  fileType: string;
  /** Where the agent opens the file. */
  href: string;
};
export type PipelineFact = {
  columns: {
    status: BoardStatus;
    count: number;
    valueCents: number;
    monthlyRevenueCents: number;
  }[];
};
export type RenewalFact = {
  title: string;
  customerCompany: string;
  monthlyRevenueCents: number;
  contractEnd: string;
};
export type DealFact = { id: string; title: string; customerCompany: string; status: DealStatus };
export type QuoteDraftFact = {
  lines: number;
  termMonths: number;
  options: {
    label: string;
    recommended: boolean;
    meetsAllNeeds: boolean;
    monthlyCents: number;
    oneTimeCents: number;
    plans: string[];
  }[];
  assumptions: string[];
};

// Tool inputs, validated the same way whichever engine calls them.
export const ratePlansInput = z.object({ carrier: z.enum(CARRIERS).optional() });
export const devicesInput = z.object({
  carrier: z.enum(CARRIERS).optional(),
  type: z.enum(DEVICE_TYPES).optional(),
  tech: z.enum(DEVICE_TECHNOLOGIES).optional(),
  q: text().trim().max(100).optional(),
});
export const promotionsInput = z.object({
  carrier: z.enum(CARRIERS).optional(),
  device: z.enum(DEVICE_CATEGORIES).optional(),
});
export const resourcesInput = z.object({
  q: text().trim().max(100).optional(),
  carrier: z.enum(CARRIERS).optional(),
  type: z.enum(RESOURCE_TYPES).optional(),
});
export const customerDealsInput = z.object({ customer: text().trim().min(1).max(200) });
export const draftQuoteInput = z.object({
  description: text({ multiline: true }).trim().min(1).max(5_000),
});

export type CatalogTools = {
  ratePlans(input: z.input<typeof ratePlansInput>): Promise<PlanFact[]>;
  devices(input: z.input<typeof devicesInput>): Promise<DeviceSearch>;
  promotions(input: z.input<typeof promotionsInput>): Promise<PromotionFact[]>;
  resources(input: z.input<typeof resourcesInput>): Promise<ResourceFact[]>;
};
export type CompanyTools = {
  pipeline(): Promise<PipelineFact>;
  renewals(): Promise<RenewalFact[]>;
  customerDeals(input: z.input<typeof customerDealsInput>): Promise<DealFact[]>;
  draftQuote(input: z.input<typeof draftQuoteInput>): Promise<QuoteDraftFact>;
};
/** What the engines may call: the company tools are null behind the gate (no signed-in agent). */
export type AssistantTools = CatalogTools & { company: CompanyTools | null };

const DEVICE_LIMIT = 8;

export function catalogTools(ctx: ServiceContext): CatalogTools {
  return {
    async ratePlans(input) {
      const { carrier } = ratePlansInput.parse(input);
      const plans = await listRatePlans(ctx);
      return plans
        .filter((p) => carrier === undefined || p.carrier === carrier)
        .map((p) => ({
          id: p.id,
          carrier: p.carrier,
          plan: p.plan,
          planType: p.planType,
          pricePerLineCents: p.pricePerLineCents,
          premiumData: p.premiumData,
          hotspot: p.hotspot,
        }));
    },
    async devices(input) {
      const parsed = devicesInput.parse(input);
      const page = await searchDevices(
        ctx,
        deviceQuerySchema.parse({
          q: parsed.q ?? "",
          carrier: parsed.carrier ?? "all",
          type: parsed.type ?? "all",
          tech: parsed.tech ?? "all",
        }),
      );
      return {
        devices: page.rows.slice(0, DEVICE_LIMIT).map((d) => ({
          carrier: d.carrier,
          manufacturer: d.manufacturer,
          model: d.model,
          deviceType: d.deviceType,
          network: d.network,
          fiveGBands: d.fiveGBands,
        })),
        total: page.total,
        capped: page.capped,
      };
    },
    async promotions(input) {
      const parsed = promotionsInput.parse(input);
      const promos = await listActivePromotions(ctx, {
        carrier: parsed.carrier ?? "all",
        device: parsed.device ?? "all",
      });
      return promos.map((p) => ({
        carrier: p.carrier,
        deviceType: p.deviceType,
        title: p.title,
        value: p.value,
        endsOn: p.endsOn,
        requirements: p.requirements,
      }));
    },
    async resources(input) {
      const parsed = resourcesInput.parse(input);
      const rows = await listResources(ctx, {
        q: parsed.q ?? "",
        carrier: parsed.carrier ?? "all",
        type: parsed.type ?? "all",
        device: "all",
        sort: "newest",
      });
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        type: r.type,
        carrier: r.carrier,
        fileType: r.fileType,
        href: `/api/resources/${r.id}/file`,
      }));
    },
  };
}

export function companyTools(ctx: UserContext): CompanyTools {
  return {
    async pipeline() {
      const columns = await columnTotals(
        ctx,
        { q: "", status: "all", sort: "created", mine: false },
        BOARD_STATUSES,
      );
      return { columns };
    },
    async renewals() {
      const rows = await renewalsDue(ctx);
      return rows.map((r) => ({
        title: r.title,
        customerCompany: r.customerCompany,
        monthlyRevenueCents: r.monthlyRevenueCents,
        contractEnd: r.contractEnd.toISOString().slice(0, 10),
      }));
    },
    async customerDeals(input) {
      const { customer } = customerDealsInput.parse(input);
      const [deals, customers] = await Promise.all([
        findDeals(ctx, { q: customer, limit: 10 }),
        findCustomers(ctx, { q: customer, limit: 1 }),
      ]);
      // A customer found by contact name or email has deals under its company name.
      const more =
        deals.length === 0 && customers[0]
          ? await findDeals(ctx, { q: customers[0].companyName, limit: 10 })
          : [];
      return [...deals, ...more];
    },
    async draftQuote(input) {
      const { description } = draftQuoteInput.parse(input);
      const today = quoteDay(ctx);
      const quote = priceQuote(await loadCatalogSnapshot(ctx, today), readNeeds(description), {
        today,
        source: "description",
      });
      return {
        lines: quote.options[0]?.totals.lines ?? 0,
        termMonths: quote.options[0]?.totals.termMonths ?? 24,
        options: quote.options.map((o) => ({
          label: o.label,
          recommended: o.recommended,
          meetsAllNeeds: o.meetsAllNeeds,
          monthlyCents: o.totals.monthlyCents,
          oneTimeCents: o.totals.oneTimeCents,
          plans: [...new Set(o.items.filter((i) => i.kind === "plan").map((i) => i.description))],
        })),
        assumptions: quote.assumptions,
      };
    },
  };
}

export function assistantTools(ctx: ServiceContext | UserContext): AssistantTools {
  return { ...catalogTools(ctx), company: "user" in ctx ? companyTools(ctx) : null };
}
