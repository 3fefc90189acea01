import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import { CARRIER_LABELS, CARRIERS, type Carrier } from "#app/lib/domain.ts";
import {
  DEFAULT_QUOTE_TERM_MONTHS,
  type LineCounts,
  MAX_QUOTE_LINES,
  type QuoteNeeds,
} from "#app/lib/schemas/quote.ts";

// A bill analysis read into needs (issue 15: "quotes the same lines"), and its plan charges in
// cents for the saving. Pure.

function carrierNamed(provider: string): Carrier | null {
  const p = provider.toLowerCase().replace(/[^a-z]/g, "");
  if (p.includes("verizon")) return "verizon";
  if (p.includes("tmobile")) return "tmobile";
  if (p === "att" || p.startsWith("att")) return "att";
  return null;
}

/** How many lines the department totals count. */
function linesByDepartment(bill: BillAnalysisResult): number {
  return Object.values(bill.departmentBreakdown).reduce(
    (n, d) => n + (Number.isFinite(d.lines) && d.lines > 0 ? Math.floor(d.lines) : 0),
    0,
  );
}

export function needsFromBill(bill: BillAnalysisResult): QuoteNeeds {
  const assumptions: string[] = [];
  const lines: LineCounts = {
    voice: 0,
    mobile_internet: 0,
    hotspot: 0,
    fixed_wireless: 0,
    wearable: 0,
  };
  for (const line of bill.lines) lines[line.lineType] += 1;
  const listed = bill.lines.length;
  const byDepartment = linesByDepartment(bill);
  if (byDepartment > listed) {
    lines.voice += byDepartment - listed;
    assumptions.push(
      `the bill lists ${listed} of its ${byDepartment} lines: the other ${byDepartment - listed} quoted as voice lines, and no saving stated (their plan charges are not listed)`,
    );
  }
  for (const kind of Object.keys(lines) as (keyof LineCounts)[]) {
    lines[kind] = Math.min(lines[kind], MAX_QUOTE_LINES);
  }
  if (lines.voice + lines.mobile_internet + lines.wearable === 0) {
    lines.voice = 1;
    assumptions.push("the bill lists no lines: 1 voice line assumed");
  }
  const current = carrierNamed(bill.competitiveAnalysis.currentProvider);
  if (current) {
    assumptions.push(
      `currently with ${CARRIER_LABELS[current]}: all three compared, ${CARRIER_LABELS[current]} included`,
    );
  } else {
    assumptions.push("no carrier named: all three compared");
  }
  const international =
    bill.businessMetrics.internationalUsage.cost > 0 ||
    bill.businessMetrics.internationalUsage.countries.length > 0;
  if (international) assumptions.push("international use on the bill: plans that include it");
  assumptions.push(
    `the current numbers are kept: ${lines.voice + lines.mobile_internet + lines.wearable} ported in`,
  );
  assumptions.push("the devices on the bill are kept: lines only");
  assumptions.push(`no term on the bill: ${DEFAULT_QUOTE_TERM_MONTHS} months assumed`);
  return {
    lines,
    carriers: { preferred: [...CARRIERS], excluded: [] },
    features: {
      hotspotGb: null,
      premiumDataGb: null,
      international,
      fiveG: false,
      video: null,
    },
    budget: { perLineCents: null, monthlyTotalCents: null },
    devices: [],
    devicePayment: "installments",
    tradeIn: false,
    termMonths: DEFAULT_QUOTE_TERM_MONTHS,
    portInCount: lines.voice + lines.mobile_internet + lines.wearable,
    assumptions,
  };
}

/**
 * What the saving compares the option with (decision 0019, addendum): the plan charges of the
 * bill's lines, in cents, the recurring service a move replaces. Device installments stay due,
 * roaming is this month's use and taxes are not in the option's prices either, so none of them
 * counts. Null when the line list leaves lines out (the departments count more): their plan
 * charges are unknown, and a saving on part of the lines would not be like with like.
 */
export function billPlanChargesCents(bill: BillAnalysisResult): number | null {
  const listed = bill.lines.length;
  if (listed === 0 || linesByDepartment(bill) > listed) return null;
  const cents = bill.lines.reduce((sum, line) => sum + Math.round(line.planCost * 100), 0);
  return Number.isFinite(cents) && cents >= 0 ? cents : null;
}
