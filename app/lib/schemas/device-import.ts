import { z } from "zod";
import { CARRIERS, DEVICE_TYPES } from "#app/lib/domain.ts";
import { DEVICE_COLUMN_KEYS, DEVICE_COLUMN_LABELS } from "./device-query.ts";
import { text } from "./text.ts";

/** The CSV headers of the device list: the spec's nine, in column order. */
export const DEVICE_CSV_HEADERS = DEVICE_COLUMN_KEYS.map((k) => DEVICE_COLUMN_LABELS[k]);

const field = (max: number) => text().trim().max(max, `must be ${max} characters or fewer`);
const required = (max: number) => field(max).min(1, "is required");
const deviceTypes: readonly string[] = DEVICE_TYPES;

/** One uploaded device row; text fields are trimmed and default to '' (spec). */
export const deviceCsvRowSchema = z.object({
  Carrier: z.enum(CARRIERS, { error: "must be att, verizon or tmobile" }),
  Manufacturer: required(100),
  Model: required(200),
  "Device Type": field(50).refine((v) => v === "" || deviceTypes.includes(v), {
    message: "must be one of the 48 certified device types (see /docs/certified-devices)",
  }),
  "Device Sub": field(100),
  "Operating System": field(100),
  Network: field(200),
  Bands: field(500),
  "5G Bands": field(500),
});
