import type { BillCarrier, ParsedBill } from "#server/bills/bill.ts";
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

export function parseBill(pages: PageRows[]): ParsedBill {
  return PARSERS[detectCarrier(pages)](pages);
}
