export type CarrierCode = "att" | "verizon" | "tmobile";
export type DeviceCategory = "phones" | "tablets" | "hotspots" | "fixed_wireless" | "laptops";
export type ResourceType = "flyer" | "case_study" | "business_case" | "presentation" | "guide";
export type ResourceFileType = "PDF" | "Excel" | "PowerPoint";

export interface SeedRatePlan {
  carrier: CarrierCode;
  plan: string; // e.g. "Business Unlimited Performance"
  planType: string; // e.g. "Business Unlimited", "Business Unlimited Tablet", "Hotspot", "Fixed Wireless"...
  pricePerLineCents: number; // list price per line per month at the line count stated in the note
  premiumData: string | null; // e.g. "100 GB" / "Unlimited" / null
  hotspot: string | null; // e.g. "60 GB high-speed"
  videoStreaming: string | null; // e.g. "4K UHD"
  international: string | null; // e.g. "Mexico & Canada"; null when nothing abroad is included
  fiveG: string | null; // e.g. "5G Ultra Wideband"; null for LTE only
  tiers?: readonly SeedRatePlanTier[]; // line-count prices; none: pricePerLineCents at any count
}
export interface SeedRatePlanTier {
  minLines: number;
  pricePerLineCents: number;
}
export type SeedLineKind = "voice" | "mobile_internet" | "hotspot" | "fixed_wireless" | "wearable";
export interface SeedDeviceOffer {
  carrier: CarrierCode;
  manufacturer: string; // as the certified-device directory spells it
  model: string;
  kind: SeedLineKind;
  monthlyInstallmentCents: number;
  installmentMonths: number;
  fullRetailCents: number;
}
export interface SeedCarrierFee {
  carrier: CarrierCode;
  code: string;
  name: string;
  amountCents: number;
  basis: "line" | "account";
  lineKind: SeedLineKind | null;
}
/** The structured credit of a promotion, as the quote engine applies it. */
export interface SeedPromotionCredit {
  creditCentsPerLine: number; // per qualifying line per month
  creditMonths: number;
  qualifyingPlans: readonly string[];
  qualifyingDevices: readonly string[];
  minLines: number;
  requiresTradeIn: boolean;
  requiresLineKind: SeedLineKind | null;
}
export interface SeedDevice {
  carrier: CarrierCode;
  manufacturer: string;
  model: string;
  deviceType: string;
  deviceSub: string;
  os: string;
  network: string;
  bands: string;
  fiveGBands: string;
}
export interface SeedPromotion {
  carrier: CarrierCode;
  deviceType: DeviceCategory;
  title: string;
  description: string;
  value: string; // text like "Up to $1000 off"
  endsInDays: number; // promotion end relative to seed time, so the demo never shows them expired
  requirements: readonly string[];
  credit: SeedPromotionCredit | null;
}
export interface SeedResource {
  title: string;
  description: string;
  type: ResourceType;
  carrier: CarrierCode;
  deviceType: DeviceCategory;
  fileName: string; // a file in ../files/
  fileType: ResourceFileType;
  addedDaysAgo: number;
  downloads: number;
  tags: readonly string[];
}
export interface SeedBlogPost {
  title: string;
  slug: string;
  excerpt: string;
  content: string; // markdown
  author: string;
  readTime: number;
  publishedDaysAgo: number;
}
