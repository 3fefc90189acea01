import { z } from "zod";
import { CARRIERS } from "#app/lib/domain.ts";
import { text } from "./text.ts";

/** The spec's field names, used as the CSV headers of the plan list. */
export const RATE_PLAN_CSV_HEADERS = [
  "Carrier",
  "Plan",
  "Plan Type",
  "Price Per Line",
  "Premium Data",
  "Hotspot",
  "Video Streaming",
] as const;

const optionalText = text()
  .trim()
  .max(200, "must be 200 characters or fewer")
  .transform((v) => (v === "" ? null : v));

/** One CSV row of the plan list, as an admin uploads it; prices in dollars, stored in cents. */
export const ratePlanCsvRowSchema = z.object({
  Carrier: z.enum(CARRIERS, { error: "must be att, verizon or tmobile" }),
  Plan: text().trim().min(1, "is required").max(200, "must be 200 characters or fewer"),
  "Plan Type": text().trim().min(1, "is required").max(100, "must be 100 characters or fewer"),
  "Price Per Line": text()
    .trim()
    .regex(/^\$?\d{1,5}(\.\d{1,2})?$/, "must be a price such as 45 or 45.99")
    .transform((v) => Math.round(Number(v.replace("$", "")) * 100)),
  "Premium Data": optionalText,
  Hotspot: optionalText,
  "Video Streaming": optionalText,
});

export type RatePlanCsvRow = z.output<typeof ratePlanCsvRowSchema>;

/** A plan as the screens show it. */
export type RatePlanView = {
  id: string;
  carrier: (typeof CARRIERS)[number];
  plan: string;
  planType: string;
  pricePerLineCents: number;
  premiumData: string | null;
  hotspot: string | null;
  videoStreaming: string | null;
};

/** A plan as the deal form's plan select offers it. */
export type RatePlanOption = Pick<RatePlanView, "id" | "plan" | "planType" | "pricePerLineCents">;
