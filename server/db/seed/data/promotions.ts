import type { SeedPromotion } from "./types.ts";

// Modelled on the shape of the carriers' recurring business offers (trade-in credits spread over
// the installment term, tablet add-a-line credits, fixed wireless bill credits); values and terms
// are demo content, not a live offer. `credit` is the offer as the quote engine prices it
// (decision 0019): a SAMPLE reading of the text beside it.
export const promotions: readonly SeedPromotion[] = [
  {
    carrier: "att",
    deviceType: "phones",
    title: "iPhone 16 Pro for business, up to $1000 off with trade-in",
    description:
      "Get up to $1000 in bill credits on iPhone 16 Pro or iPhone 16 Pro Max when a business " +
      "customer trades in an eligible smartphone and adds or upgrades a line on a qualifying " +
      "AT&T Business Unlimited plan. Credits start within three bill cycles and are spread over " +
      "the 36-month installment agreement.",
    value: "Up to $1000 off",
    endsInDays: 45,
    requirements: [
      "New or upgraded line on AT&T Business Unlimited Advanced or Premium",
      "Trade-in of an eligible smartphone in good working condition",
      "36-month AT&T Installment Agreement with 0% APR",
      "Line must stay active and on a qualifying plan until all credits post",
    ],
    credit: {
      // $27.77 a month for 36 months: $999.72, the "up to $1000".
      creditCentsPerLine: 2777,
      creditMonths: 36,
      qualifyingPlans: ["Business Unlimited Advanced", "Business Unlimited Premium"],
      qualifyingDevices: ["iPhone 16 Pro", "iPhone 16 Pro Max"],
      minLines: 1,
      requiresTradeIn: true,
      requiresLineKind: null,
    },
  },
  {
    carrier: "verizon",
    deviceType: "tablets",
    title: "Add a business tablet line, get $300 off iPad or Galaxy Tab",
    description:
      "Equip field teams with a connected tablet: $300 off iPad (A16), iPad Air (M3) or Galaxy Tab " +
      "S9 FE 5G when the tablet is activated on a new Business Unlimited Tablet line alongside an " +
      "existing Verizon Business smartphone line.",
    value: "$300 off",
    endsInDays: 30,
    requirements: [
      "New tablet line on Business Unlimited Tablet Start or Tablet Pro",
      "36-month device payment agreement",
      "At least one active Verizon Business Unlimited smartphone line on the account",
    ],
    credit: {
      // $8.33 a month over the 36-month device agreement: $299.88 of the $300.
      creditCentsPerLine: 833,
      creditMonths: 36,
      qualifyingPlans: ["Business Unlimited Tablet Start", "Business Unlimited Tablet Pro"],
      qualifyingDevices: [
        "iPad (A16)",
        "iPad Air 11-inch (M3)",
        "iPad Air 13-inch (M3)",
        "Galaxy Tab S9 FE 5G",
      ],
      minLines: 1,
      requiresTradeIn: false,
      requiresLineKind: "voice",
    },
  },
  {
    carrier: "tmobile",
    deviceType: "fixed_wireless",
    title: "5G Business Internet: $20/mo off for 12 months",
    description:
      "Stand up primary or backup internet for a location in minutes with T-Mobile 5G Business " +
      "Internet. Businesses that add a location get $20 off each month for the first 12 months, " +
      "with the 5G gateway included and no annual contract.",
    value: "$20/mo off for 12 months",
    endsInDays: 60,
    requirements: [
      "New 5G Business Internet line at an eligible service address",
      "AutoPay enrolled on the business account",
      "Gateway returned in good condition if service is cancelled",
    ],
    credit: {
      creditCentsPerLine: 2000,
      creditMonths: 12,
      qualifyingPlans: ["5G Business Internet"],
      qualifyingDevices: [],
      minLines: 1,
      requiresTradeIn: false,
      requiresLineKind: null,
    },
  },
];
