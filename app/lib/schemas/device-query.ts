import { z } from "zod";
import { CARRIERS, DEVICE_TYPES } from "#app/lib/domain.ts";
import { filterChoice, pageNumber, searchText } from "./fields.ts";
import { type SortState, sortFields } from "./sort.ts";

/** The directory's nine columns, in order. */
export const DEVICE_COLUMN_KEYS = [
  "carrier",
  "manufacturer",
  "model",
  "deviceType",
  "deviceSub",
  "os",
  "network",
  "bands",
  "fiveGBands",
] as const;
export type DeviceColumn = (typeof DEVICE_COLUMN_KEYS)[number];

/** Column headings, which are also the spec's CSV headers. */
export const DEVICE_COLUMN_LABELS: Record<DeviceColumn, string> = {
  carrier: "Carrier",
  manufacturer: "Manufacturer",
  model: "Model",
  deviceType: "Device Type",
  deviceSub: "Device Sub",
  os: "Operating System",
  network: "Network",
  bands: "Bands",
  fiveGBands: "5G Bands",
};

/**
 * Technologies the filter offers. Each value is matched as text in network, bands and 5G bands
 * (portal spec), so every value is chosen not to be part of another (no "LTE Cat-1" beside
 * "LTE Cat-12").
 */
export const DEVICE_TECHNOLOGIES = [
  "5G NR",
  "5G RedCap",
  "LTE",
  "LTE Cat-M1",
  "LTE Cat-4",
  "NB-IoT",
  "n41",
  "n77",
] as const;
export const DEVICE_TECHNOLOGY_LABELS: Record<(typeof DEVICE_TECHNOLOGIES)[number], string> = {
  "5G NR": "5G NR",
  "5G RedCap": "5G RedCap",
  LTE: "LTE (any)",
  "LTE Cat-M1": "LTE Cat-M1",
  "LTE Cat-4": "LTE Cat-4",
  "NB-IoT": "NB-IoT",
  n41: "5G band n41 (2.5 GHz)",
  n77: "5G band n77 (C-Band)",
};

export const DEVICE_PAGE_SIZE = 50;
/** Deep pages are still answered, but no one reads past this; it also bounds OFFSET work. */
export const DEVICE_MAX_PAGE = 2_000;

/** Manufacturer ascending (portal spec). */
export const DEVICE_DEFAULT_SORT: SortState<DeviceColumn> = { column: "manufacturer", dir: "asc" };

export const deviceQuerySchema = z
  .object({
    q: searchText(),
    carrier: filterChoice(CARRIERS),
    type: filterChoice(DEVICE_TYPES),
    tech: filterChoice(DEVICE_TECHNOLOGIES),
    page: pageNumber(DEVICE_MAX_PAGE),
  })
  .extend(sortFields(DEVICE_COLUMN_KEYS, DEVICE_DEFAULT_SORT));

export type DeviceQuery = z.output<typeof deviceQuerySchema>;
