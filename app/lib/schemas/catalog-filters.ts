import { z } from "zod";
import { CARRIERS, DEVICE_CATEGORIES, RESOURCE_TYPES } from "#app/lib/domain.ts";
import { text } from "./text.ts";

// The catalog screens keep their filters in the URL; unknown values fall back to "all".

export const promotionFiltersSchema = z.object({
  carrier: z.enum(["all", ...CARRIERS]).catch("all"),
  device: z.enum(["all", ...DEVICE_CATEGORIES]).catch("all"),
});
export type PromotionFilters = z.output<typeof promotionFiltersSchema>;

export const resourceFiltersSchema = z.object({
  q: text().trim().max(100).catch(""),
  device: z.enum(["all", ...DEVICE_CATEGORIES]).catch("all"),
  type: z.enum(["all", ...RESOURCE_TYPES]).catch("all"),
  carrier: z.enum(["all", ...CARRIERS]).catch("all"),
  sort: z.enum(["newest", "downloads"]).catch("newest"),
});
export type ResourceFilters = z.output<typeof resourceFiltersSchema>;

/** Reads a filter schema from URL search params (missing keys take the schema's fallback). */
export function readFilters<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
): z.output<S> {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) raw[key] = params.get(key) ?? undefined;
  return schema.parse(raw);
}
