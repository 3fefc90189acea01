import type { SeedRatePlan } from "./types.ts";

/**
 * SAMPLE PRICES for the demo, not a live feed. They are the per-line list prices the three carriers
 * published on their small-business plan pages around this date, as best known to us: phone plans
 * are priced at 5+ lines (T-Mobile at 6+) with AutoPay, tablet and hotspot plans as an add-on line
 * beside a phone line, fixed wireless per location. Taxes and carrier fees are excluded everywhere
 * except where T-Mobile folds them into the price. Only the AT&T Internet Air price could be
 * cross-checked against press coverage (Light Reading, April 2023: $55/mo consumer, business tier
 * a few dollars higher); the rest could not be re-verified against a live carrier page when this
 * file was written, so re-price before quoting a real customer.
 */
export const RATE_PLANS_PRICED_ON = "2025-06-01";

export const ratePlans: readonly SeedRatePlan[] = [
  // AT&T: the three phone tiers differ mostly in priority data, hotspot allowance and video quality.
  {
    carrier: "att",
    plan: "Business Unlimited Standard",
    planType: "Business Unlimited",
    pricePerLineCents: 3000,
    premiumData: null,
    hotspot: "5 GB high-speed",
    videoStreaming: "SD (480p)",
  },
  {
    carrier: "att",
    plan: "Business Unlimited Advanced",
    planType: "Business Unlimited",
    pricePerLineCents: 3500,
    premiumData: "100 GB",
    hotspot: "40 GB high-speed",
    videoStreaming: "HD (1080p)",
  },
  {
    carrier: "att",
    plan: "Business Unlimited Premium",
    planType: "Business Unlimited",
    pricePerLineCents: 4500,
    premiumData: "Unlimited",
    hotspot: "60 GB high-speed",
    videoStreaming: "4K UHD",
  },
  {
    carrier: "att",
    plan: "Business Unlimited Tablet",
    planType: "Business Unlimited Tablet",
    pricePerLineCents: 2000,
    premiumData: "22 GB",
    hotspot: "5 GB high-speed",
    videoStreaming: "SD (480p)",
  },
  {
    carrier: "att",
    plan: "Business Unlimited Hotspot",
    planType: "Hotspot",
    pricePerLineCents: 5000,
    premiumData: "100 GB",
    hotspot: "100 GB high-speed",
    videoStreaming: null,
  },
  {
    carrier: "att",
    plan: "Internet Air for Business",
    planType: "Fixed Wireless",
    pricePerLineCents: 6000,
    premiumData: "Unlimited",
    hotspot: null,
    videoStreaming: null,
  },

  // Verizon
  {
    carrier: "verizon",
    plan: "Business Unlimited Start",
    planType: "Business Unlimited",
    pricePerLineCents: 3000,
    premiumData: null,
    hotspot: "5 GB high-speed",
    videoStreaming: "SD (480p)",
  },
  {
    carrier: "verizon",
    plan: "Business Unlimited Plus",
    planType: "Business Unlimited",
    pricePerLineCents: 4000,
    premiumData: "30 GB",
    hotspot: "30 GB high-speed",
    videoStreaming: "HD (720p)",
  },
  {
    carrier: "verizon",
    plan: "Business Unlimited Pro",
    planType: "Business Unlimited",
    pricePerLineCents: 4500,
    premiumData: "Unlimited",
    hotspot: "100 GB high-speed",
    videoStreaming: "4K UHD",
  },
  {
    carrier: "verizon",
    plan: "Business Unlimited Tablet Start",
    planType: "Business Unlimited Tablet",
    pricePerLineCents: 2000,
    premiumData: null,
    hotspot: null,
    videoStreaming: "SD (480p)",
  },
  {
    carrier: "verizon",
    plan: "Business Unlimited Tablet Pro",
    planType: "Business Unlimited Tablet",
    pricePerLineCents: 3000,
    premiumData: "Unlimited",
    hotspot: "15 GB high-speed",
    videoStreaming: "HD (720p)",
  },
  {
    carrier: "verizon",
    plan: "Business Unlimited Data Pro",
    planType: "Hotspot",
    pricePerLineCents: 6000,
    premiumData: "150 GB",
    hotspot: "150 GB high-speed",
    videoStreaming: null,
  },
  {
    carrier: "verizon",
    plan: "5G Business Internet 200 Mbps",
    planType: "Fixed Wireless",
    pricePerLineCents: 6900,
    premiumData: "Unlimited",
    hotspot: null,
    videoStreaming: null,
  },
  {
    carrier: "verizon",
    plan: "5G Business Internet 400 Mbps",
    planType: "Fixed Wireless",
    pricePerLineCents: 9900,
    premiumData: "Unlimited",
    hotspot: null,
    videoStreaming: null,
  },

  // T-Mobile: priced at 6+ lines, the break point where its business per-line price bottoms out.
  {
    carrier: "tmobile",
    plan: "Business Unlimited Essentials",
    planType: "Business Unlimited",
    pricePerLineCents: 2600,
    premiumData: "50 GB",
    hotspot: "Unlimited 3G-speed",
    videoStreaming: "SD (480p)",
  },
  {
    carrier: "tmobile",
    plan: "Business Unlimited Advanced",
    planType: "Business Unlimited",
    pricePerLineCents: 4000,
    premiumData: "Unlimited",
    hotspot: "50 GB high-speed",
    videoStreaming: "HD (1080p)",
  },
  {
    carrier: "tmobile",
    plan: "Business Unlimited Ultimate",
    planType: "Business Unlimited",
    pricePerLineCents: 5000,
    premiumData: "Unlimited",
    hotspot: "100 GB high-speed",
    videoStreaming: "4K UHD",
  },
  {
    carrier: "tmobile",
    plan: "Business Unlimited Tablet",
    planType: "Business Unlimited Tablet",
    pricePerLineCents: 2000,
    premiumData: "Unlimited",
    hotspot: "10 GB high-speed",
    videoStreaming: "SD (480p)",
  },
  {
    carrier: "tmobile",
    plan: "Business Hotspot 100GB",
    planType: "Hotspot",
    pricePerLineCents: 5000,
    premiumData: "100 GB",
    hotspot: "100 GB high-speed",
    videoStreaming: null,
  },
  {
    carrier: "tmobile",
    plan: "5G Business Internet",
    planType: "Fixed Wireless",
    pricePerLineCents: 5000,
    premiumData: "Unlimited",
    hotspot: null,
    videoStreaming: null,
  },
];
