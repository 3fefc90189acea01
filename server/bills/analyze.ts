import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import { type BillLine, dollars, lineChargesCents, type ParsedBill } from "./bill.ts";

// A read bill to the spec's analysis object (section 3): the line inventory, departments,
// international use and what an agent should raise with the customer. Pure: the comparison with
// our catalog needs the database and is added by the caller (see competitiveAnalysis below).

const toDollars = (cents: number) => Math.round(cents) / 100;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The plan's data allowance in GB when its name states one ("Core 15GB"); null if unlimited. */
export function planAllowanceGB(plan: string): number | null {
  if (/unlimited/i.test(plan)) return null;
  const match = /(\d+(?:\.\d+)?)\s*GB\b/i.exec(plan);
  return match ? Number(match[1]) : null;
}

/** Under a quarter of the allowance is far under it; an unlimited plan under 2 GB likewise. */
const FAR_UNDER_SHARE = 0.25;
const UNLIMITED_LIGHT_USE_GB = 2;

const who = (line: BillLine) =>
  line.user ? `${line.phoneNumber} (${line.user})` : line.phoneNumber;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Idle: nothing used this period, no data and nothing abroad (roaming charges, a country, a
 * travel pass). A line used abroad was used, whatever its data.
 */
function isIdle(line: BillLine): boolean {
  return (
    line.dataGB === 0 &&
    line.internationalCents === 0 &&
    line.countries.length === 0 &&
    line.features.length === 0
  );
}

export type BillFindings = {
  idle: BillLine[];
  overData: BillLine[];
  underData: BillLine[];
  internationalWithoutFeature: BillLine[];
  financed: BillLine[];
  /** Findings in words, for the screen and the report. */
  issues: string[];
  opportunities: string[];
};

export function findIssues(bill: ParsedBill): BillFindings {
  const issues: string[] = [];
  const opportunities: string[] = [];
  const idle = bill.lines.filter(isIdle);
  const overData: BillLine[] = [];
  const underData: BillLine[] = [];
  for (const line of bill.lines) {
    const allowance = planAllowanceGB(line.plan);
    if (allowance !== null && line.dataGB > allowance) {
      overData.push(line);
      issues.push(`${who(line)} used ${line.dataGB} GB on a ${allowance} GB plan.`);
    } else if (
      line.dataGB > 0 &&
      (allowance === null
        ? line.lineType !== "wearable" && line.dataGB < UNLIMITED_LIGHT_USE_GB
        : line.dataGB < allowance * FAR_UNDER_SHARE)
    ) {
      underData.push(line);
      issues.push(
        allowance === null
          ? `${who(line)} used ${line.dataGB} GB on an unlimited plan (${line.plan}).`
          : `${who(line)} used ${line.dataGB} GB of its ${allowance} GB plan.`,
      );
    }
  }
  for (const line of idle) {
    issues.push(
      `${who(line)} used no data and did not roam this period, but its plan costs ${dollars(line.planCents)} a month.`,
    );
  }
  const internationalWithoutFeature = bill.lines.filter(
    (l) => (l.countries.length > 0 || l.internationalCents > 0) && l.features.length === 0,
  );
  for (const line of internationalWithoutFeature) {
    const where = line.countries.length ? ` in ${line.countries.join(", ")}` : " abroad";
    issues.push(
      `${who(line)} was used${where} without an international feature (${dollars(line.internationalCents)} in charges).`,
    );
  }
  const financed = bill.lines.filter((l) => (l.device?.remainingCents ?? 0) > 0);
  if (financed.length > 0) {
    const owed = financed.reduce((s, l) => s + (l.device?.remainingCents ?? 0), 0);
    issues.push(
      `${plural(financed.length, "device")} still ${financed.length === 1 ? "has" : "have"} ${dollars(owed)} left to pay in installments: moving ${financed.length === 1 ? "that line" : "those lines"} to another carrier makes the balance due.`,
    );
  }
  if (idle.length > 0) {
    // Cancelling saves the plan only: a device's installments do not stop, its balance falls due.
    const plans = idle.reduce((s, l) => s + l.planCents, 0);
    const owing = idle.filter((l) => (l.device?.remainingCents ?? 0) > 0);
    const owed = owing.reduce((s, l) => s + (l.device?.remainingCents ?? 0), 0);
    opportunities.push(
      `Cancel or suspend ${plural(idle.length, "idle line")} (${dollars(plans)} a month in plan charges).${
        owing.length > 0
          ? ` ${owing.length === 1 ? "One has a device" : `${owing.length} have devices`} with ${dollars(owed)} left to pay, due if cancelled.`
          : ""
      }`,
    );
  }
  if (overData.length > 0)
    opportunities.push(
      `Move ${plural(overData.length, "line")} that ran over their data to a larger plan.`,
    );
  if (underData.length > 0)
    opportunities.push(
      `Move ${plural(underData.length, "line")} that use little data to a smaller or shared plan.`,
    );
  if (internationalWithoutFeature.length > 0) {
    opportunities.push(
      `Add an international feature to ${plural(internationalWithoutFeature.length, "line")} used abroad.`,
    );
  }
  return {
    idle,
    overData,
    underData,
    internationalWithoutFeature,
    financed,
    issues,
    opportunities,
  };
}

export function analyzeBill(bill: ParsedBill): BillAnalysisResult {
  const found = findIssues(bill);
  const departments: BillAnalysisResult["departmentBreakdown"] = {};
  for (const line of bill.lines) {
    const name = line.department || "Unassigned";
    const entry = departments[name] ?? { lines: 0, cost: 0, dataUsage: 0 };
    entry.lines += 1;
    entry.cost = round2(entry.cost + toDollars(lineChargesCents(line)));
    entry.dataUsage = round2(entry.dataUsage + line.dataGB);
    departments[name] = entry;
  }
  const employees =
    new Set(bill.lines.map((l) => l.user).filter(Boolean)).size || bill.lines.length;
  const countries = [...new Set(bill.lines.flatMap((l) => l.countries))].sort();
  // What does not add up on the bill comes first: the agent must see it before any figure.
  const issues = [...bill.checks, ...found.issues];
  return {
    totalMonthlyBill: toDollars(bill.totals.currentChargesCents),
    totalMonthlyBillFrom: bill.currentChargesFrom,
    // What the reader missed is not the customer's problem: said beside the analysis, not in it.
    notReadFromBill: bill.unread,
    dueDate: bill.dueDate,
    // A period that could not be read is left out, as older analyses leave it, never "" to "".
    ...(bill.period.start && bill.period.end ? { billingPeriod: bill.period } : {}),
    totalDataUsageGB: round2(bill.lines.reduce((s, l) => s + l.dataGB, 0)),
    businessMetrics: {
      costPerEmployee: employees
        ? round2(toDollars(bill.totals.currentChargesCents) / employees)
        : 0,
      complianceStatus: { policyCompliant: issues.length === 0, issues },
      internationalUsage: {
        cost: toDollars(bill.lines.reduce((s, l) => s + l.internationalCents, 0)),
        countries,
      },
    },
    // No saving is claimed here: the job prices these lines with our catalog and fills it in
    // (savings.ts, decision 0024), never from a percentage.
    potentialSavings: { annualSavings: 0, enterpriseOpportunities: found.opportunities },
    departmentBreakdown: departments,
    lines: bill.lines.map((line) => ({
      lineType: line.lineType,
      phoneNumber: line.phoneNumber,
      department: line.department,
      user: line.user,
      plan: line.plan,
      planCost: toDollars(line.planCents),
      dataUsageGB: line.dataGB,
      ...(line.device
        ? {
            equipment: {
              deviceName: line.device.name,
              monthlyPayment: toDollars(line.device.monthlyCents),
              remainingBalance: toDollars(line.device.remainingCents),
            },
          }
        : {}),
    })),
    // Empty but valid until the job fills it from the same quote (savings.ts).
    competitiveAnalysis: {
      currentProvider: bill.carrierName,
      marketComparison: { costDifference: 0, featureGaps: [], advantages: [] },
      enterpriseDiscounts: { available: false, potentialSavings: 0, requirements: [] },
    },
  };
}

/**
 * The devices on the bill that the recommended carrier's certified list does not name (`certified`
 * holds the names it does): each model once, with the lines that carry it. A device that may not
 * work on the new network is something the customer must hear before switching.
 */
export function withDeviceCertification(
  analysis: BillAnalysisResult,
  carrierName: string,
  certified: ReadonlySet<string>,
): BillAnalysisResult {
  const byDevice = new Map<string, string[]>();
  for (const line of analysis.lines) {
    const name = line.equipment?.deviceName;
    if (!name || certified.has(name)) continue;
    byDevice.set(name, [...(byDevice.get(name) ?? []), line.phoneNumber]);
  }
  if (byDevice.size === 0) return analysis;
  const found = [...byDevice].map(
    ([name, numbers]) =>
      `${name} (${numbers.join(", ")}) is not on ${carrierName}'s certified devices list: check it works there or plan a replacement before switching.`,
  );
  const count = [...byDevice.values()].reduce((sum, numbers) => sum + numbers.length, 0);
  const issues = [...analysis.businessMetrics.complianceStatus.issues, ...found];
  return {
    ...analysis,
    businessMetrics: {
      ...analysis.businessMetrics,
      complianceStatus: { policyCompliant: false, issues },
    },
    potentialSavings: {
      ...analysis.potentialSavings,
      enterpriseOpportunities: [
        ...analysis.potentialSavings.enterpriseOpportunities,
        `Offer ${plural(count, "device")} certified on ${carrierName} for the ${count === 1 ? "line" : "lines"} whose device is not.`,
      ],
    },
  };
}
