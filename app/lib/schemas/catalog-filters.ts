import { z } from "zod";
import { CARRIERS, DEVICE_CATEGORIES, RESOURCE_TYPES } from "#app/lib/domain.ts";
import { filterChoice, searchText } from "./fields.ts";

// The catalog screens keep their filters in the URL; unknown values fall back to "all".

export const promotionFiltersSchema = z.object({
  carrier: filterChoice(CARRIERS),
  device: filterChoice(DEVICE_CATEGORIES),
});
export type PromotionFilters = z.output<typeof promotionFiltersSchema>;

export const resourceFiltersSchema = z.object({
  q: searchText(),
  device: filterChoice(DEVICE_CATEGORIES),
  type: filterChoice(RESOURCE_TYPES),
  carrier: filterChoice(CARRIERS),
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
