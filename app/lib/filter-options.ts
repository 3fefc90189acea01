import { DEVICE_TECHNOLOGIES, DEVICE_TECHNOLOGY_LABELS } from "#app/lib/schemas/device-query.ts";
import {
  CARRIER_LABELS,
  CARRIERS,
  DEVICE_CATEGORIES,
  DEVICE_CATEGORY_LABELS,
  DEVICE_TYPES,
  RESOURCE_TYPE_LABELS,
  RESOURCE_TYPES,
} from "./domain.ts";

// The options of the list screens' filters, each led by its spec's "All …" choice, and of their
// sort fields, each led by the spec's default.

type Option = { readonly value: string; readonly label: string };

function allOf<T extends string>(
  label: string,
  values: readonly T[],
  labelOf: (value: T) => string = (value) => value,
): Option[] {
  return [{ value: "all", label }, ...values.map((value) => ({ value, label: labelOf(value) }))];
}

export const CARRIER_OPTIONS = allOf("All Carriers", CARRIERS, (c) => CARRIER_LABELS[c]);

export const DEVICE_CATEGORY_OPTIONS = allOf(
  "All Devices",
  DEVICE_CATEGORIES,
  (d) => DEVICE_CATEGORY_LABELS[d],
);

export const RESOURCE_TYPE_OPTIONS = allOf(
  "All Types",
  RESOURCE_TYPES,
  (t) => RESOURCE_TYPE_LABELS[t],
);

export const DEVICE_TYPE_OPTIONS = allOf("All Types", DEVICE_TYPES);

export const DEVICE_TECHNOLOGY_OPTIONS = allOf(
  "All Technologies",
  DEVICE_TECHNOLOGIES,
  (t) => DEVICE_TECHNOLOGY_LABELS[t],
);

/** The plan-type filter is built from the plans loaded (portal spec). */
export const planTypeOptions = (types: readonly string[]) => allOf("All Plan Types", types);

export const PLAN_SORT_OPTIONS: readonly Option[] = [
  { value: "price", label: "Sort by Price" },
  { value: "type", label: "Sort by Plan Type" },
];

export const RESOURCE_SORT_OPTIONS: readonly Option[] = [
  { value: "newest", label: "Newest First" },
  { value: "downloads", label: "Most Downloaded" },
];
