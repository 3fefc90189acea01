import type { Carrier, DeviceCategory, FeeBasis, LineKind } from "#app/lib/domain.ts";

// The catalog as the pricer reads it: plain rows, loaded once per quote (server/quotes/generate.ts)
// or written by hand in tests (golden-catalog.ts). Pure: no database here.

export type CatalogTier = { id: string; minLines: number; pricePerLineCents: number };

export type CatalogPlan = {
  id: string;
  carrier: Carrier;
  plan: string;
  planType: string;
  pricePerLineCents: number;
  premiumData: string | null;
  hotspot: string | null;
  videoStreaming: string | null;
  international: string | null;
  fiveG: string | null;
  /** Any order; the pricer picks by line count. */
  tiers: CatalogTier[];
};

export type CatalogDeviceOffer = {
  id: string;
  carrier: Carrier;
  manufacturer: string;
  model: string;
  kind: LineKind;
  certifiedDeviceId: number | null;
  monthlyInstallmentCents: number;
  installmentMonths: number;
  fullRetailCents: number;
};

export type CatalogPromotion = {
  id: string;
  carrier: Carrier;
  deviceType: DeviceCategory;
  title: string;
  /** Last day it runs (YYYY-MM-DD). */
  endsOn: string;
  creditCentsPerLine: number | null;
  creditMonths: number | null;
  qualifyingPlans: string[];
  qualifyingDevices: string[];
  minLines: number;
  requiresTradeIn: boolean;
  requiresLineKind: LineKind | null;
};

export type CatalogFee = {
  id: string;
  carrier: Carrier;
  code: string;
  name: string;
  amountCents: number;
  basis: FeeBasis;
  lineKind: LineKind | null;
};

export type CatalogSnapshot = {
  plans: CatalogPlan[];
  deviceOffers: CatalogDeviceOffer[];
  promotions: CatalogPromotion[];
  fees: CatalogFee[];
};

/** The kind of line a promotion's device category is for. */
export const PROMOTION_LINE_KIND: Record<DeviceCategory, LineKind> = {
  phones: "voice",
  tablets: "mobile_internet",
  laptops: "mobile_internet",
  hotspots: "hotspot",
  fixed_wireless: "fixed_wireless",
};

/**
 * The kind of line a plan serves, read from its plan type (the catalog's own words): "Wearable",
 * "Fixed Wireless", "Hotspot", "… Tablet" or data-only plans; any other plan type is a phone plan.
 */
/**
 * A device as a quote names it: the manufacturer, then the model, unless the model already starts
 * with it ("Apple Watch SE", not "Apple Apple Watch SE").
 */
export function deviceName(device: { manufacturer: string; model: string }): string {
  const maker = device.manufacturer.trim();
  const model = device.model.trim();
  const starts = model.toLowerCase().startsWith(`${maker.toLowerCase()} `);
  return maker === "" || starts || model.toLowerCase() === maker.toLowerCase()
    ? model
    : `${maker} ${model}`;
}

export function planKind(planType: string): LineKind {
  const t = planType.toLowerCase();
  if (/wearable|watch/.test(t)) return "wearable";
  if (/fixed wireless|internet|\bfwa\b/.test(t)) return "fixed_wireless";
  if (/hotspot/.test(t)) return "hotspot";
  if (/tablet|data|laptop|connected device/.test(t)) return "mobile_internet";
  return "voice";
}

/** An allowance as a plan states it: whether it has one, and its high-speed GB (Infinity when unlimited). */
export type Allowance = { present: boolean; gb: number };

const NONE: Allowance = { present: false, gb: 0 };

/**
 * Reads "40 GB high-speed", "Unlimited", "Unlimited 3G-speed", "100 GB" or null. An unlimited
 * allowance at a reduced speed counts as present with 0 GB at full speed.
 */
export function readAllowance(value: string | null): Allowance {
  const t = (value ?? "").trim().toLowerCase();
  if (t === "" || t === "none" || t === "-") return NONE;
  const gb = /(\d+(?:\.\d+)?)\s*(tb|gb)/.exec(t);
  if (gb) return { present: true, gb: Number(gb[1]) * (gb[2] === "tb" ? 1000 : 1) };
  if (/unlimited/.test(t)) {
    return {
      present: true,
      gb: /\b[23]g[- ]speed|reduced|low[- ]speed|kbps/.test(t) ? 0 : Infinity,
    };
  }
  return { present: true, gb: 0 };
}

/** The vertical resolution a plan streams at: "SD (480p)" 480, "HD (720p)" 720, "4K UHD" 2160; 0 unknown. */
export function readVideoLines(value: string | null): number {
  const t = (value ?? "").toLowerCase();
  if (/4k|uhd|2160/.test(t)) return 2160;
  const p = /(\d{3,4})p/.exec(t);
  if (p) return Number(p[1]);
  if (/\bhd\b/.test(t)) return 720;
  if (/\bsd\b/.test(t)) return 480;
  return 0;
}

/** A plan's text column says it includes something (international, 5G). */
export function hasText(value: string | null): boolean {
  return (value ?? "").trim() !== "";
}
