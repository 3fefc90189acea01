import {
  CARRIER_LABELS,
  CARRIERS,
  DEVICE_CATEGORIES,
  DEVICE_CATEGORY_LABELS,
  RESOURCE_TYPE_LABELS,
  RESOURCE_TYPES,
} from "./domain.ts";

// The options of the catalog screens' filters, each led by its spec's "All …" choice.

export const CARRIER_OPTIONS = [
  { value: "all", label: "All Carriers" },
  ...CARRIERS.map((c) => ({ value: c, label: CARRIER_LABELS[c] })),
];

export const DEVICE_CATEGORY_OPTIONS = [
  { value: "all", label: "All Devices" },
  ...DEVICE_CATEGORIES.map((d) => ({ value: d, label: DEVICE_CATEGORY_LABELS[d] })),
];

export const RESOURCE_TYPE_OPTIONS = [
  { value: "all", label: "All Types" },
  ...RESOURCE_TYPES.map((t) => ({ value: t, label: RESOURCE_TYPE_LABELS[t] })),
];
