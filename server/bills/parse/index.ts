import { BILL_CARRIER_NAMES, type BillCarrier, type ParsedBill } from "#server/bills/bill.ts";
import { type PageRows, rowText } from "#server/bills/read/rows.ts";
import { parseAtt } from "./att.ts";
import { parseGeneric } from "./generic.ts";
import { parseTmobile } from "./tmobile.ts";
import { parseVerizon } from "./verizon.ts";

export const PARSERS: Record<BillCarrier, (pages: PageRows[]) => ParsedBill> = {
  att: parseAtt,
  verizon: parseVerizon,
  tmobile: parseTmobile,
  generic: parseGeneric,
};

/** The carrier from the first page's heading words; any other carrier reads as generic. */
export function detectCarrier(pages: PageRows[]): BillCarrier {
  const top = (pages[0]?.rows ?? []).slice(0, 6).map(rowText).join(" ").toLowerCase();
  if (/\bat&t\b|\bat ?& ?t\b/.test(top)) return "att";
  if (/\bverizon\b/.test(top)) return "verizon";
  if (/\bt-?mobile\b/.test(top)) return "tmobile";
  return "generic";
}

/**
 * The bill by its carrier's parser; when that finds no line (a layout of the carrier's we do not
 * know, a reseller's statement with the carrier's name on top), by the generic one, which finds a
 * line table by its header words, if that reads more.
 */
export function parseBill(pages: PageRows[]): ParsedBill {
  const carrier = detectCarrier(pages);
  const bill = PARSERS[carrier](pages);
  if (bill.lines.length > 0 || carrier === "generic") return bill;
  const generic = parseGeneric(pages);
  // Read by the generic parser, still the carrier the bill names: its comparison is against it.
  return generic.lines.length > 0
    ? { ...generic, carrier, carrierName: BILL_CARRIER_NAMES[carrier] }
    : bill;
}
