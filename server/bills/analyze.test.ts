import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { billAnalysisResultSchema } from "#app/lib/bill-analysis.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { analyzeBill, planAllowanceGB, withDeviceCertification } from "./analyze.ts";
import { type Bill, type BillLine, type ParsedBill, readWhole } from "./bill.ts";

const truth = (name: string): Bill =>
  JSON.parse(readFileSync(join(PROJECT_ROOT, "tests/fixtures/bills", `${name}.json`), "utf8"));

const line = (overrides: Partial<BillLine>): BillLine => ({
  phoneNumber: "(212) 555-0100",
  user: "Ana Chen",
  department: "Sales",
  lineType: "voice",
  plan: "Core 15GB",
  planCents: 3000,
  dataGB: 8,
  device: null,
  internationalCents: 0,
  countries: [],
  features: [],
  ...overrides,
});

function billOf(lines: BillLine[], checks: string[] = []): ParsedBill {
  const lineCharges = lines.reduce(
    (s, l) => s + l.planCents + (l.device?.monthlyCents ?? 0) + l.internationalCents,
    0,
  );
  const bill: Bill = {
    carrier: "generic",
    carrierName: "Northwind Mobile",
    accountNumber: "NW-1",
    period: { start: "2026-10-15", end: "2026-11-14" },
    dueDate: "2026-12-10",
    lines,
    totals: {
      lineChargesCents: lineCharges,
      taxesAndFeesCents: 1000,
      currentChargesCents: lineCharges + 1000,
      previousBalanceCents: 0,
      paymentsCents: 0,
      totalDueCents: lineCharges + 1000,
      pageSubtotalsCents: [],
    },
  };
  return { ...readWhole(bill), checks };
}

describe("analyzeBill", () => {
  it("answers every field of the spec's analysis for each sample", () => {
    for (const name of ["att", "verizon", "tmobile", "generic"]) {
      const bill = truth(name);
      const analysis = analyzeBill(readWhole(bill));
      expect(billAnalysisResultSchema.parse(analysis)).toEqual(analysis);
      expect(analysis.lines).toHaveLength(bill.lines.length);
      expect(analysis.totalMonthlyBill).toBe(bill.totals.currentChargesCents / 100);
      const byDepartment = Object.values(analysis.departmentBreakdown).reduce(
        (s, d) => s + d.lines,
        0,
      );
      expect(byDepartment).toBe(bill.lines.length);
      const cost = Object.values(analysis.departmentBreakdown).reduce(
        (s, d) => s + d.cost * 100,
        0,
      );
      expect(Math.round(cost)).toBe(bill.totals.lineChargesCents);
      expect(analysis.competitiveAnalysis.currentProvider).toBe(bill.carrierName);
    }
  });

  it("claims no saving until the quote engine prices the lines", () => {
    const analysis = analyzeBill(readWhole(truth("att")));
    expect(analysis.potentialSavings.annualSavings).toBe(0);
    expect(analysis.competitiveAnalysis.enterpriseDiscounts.potentialSavings).toBe(0);
    expect(analysis.competitiveAnalysis.marketComparison.costDifference).toBe(0);
  });

  it("finds idle lines, data over and far under the plan, travel without a feature, and installments", () => {
    const analysis = analyzeBill(
      billOf([
        line({ phoneNumber: "(212) 555-0101", user: "Idle Ida", dataGB: 0 }),
        line({ phoneNumber: "(212) 555-0102", user: "Over Otto", plan: "Core 5GB", dataGB: 7.5 }),
        line({ phoneNumber: "(212) 555-0103", user: "Light Lea", plan: "Core 15GB", dataGB: 1.2 }),
        line({
          phoneNumber: "(212) 555-0104",
          user: "Trip Tom",
          countries: ["Mexico", "Canada"],
          internationalCents: 4210,
        }),
        line({
          phoneNumber: "(212) 555-0105",
          user: "Pass Pat",
          countries: ["Japan"],
          features: ["World Traveler"],
          internationalCents: 1000,
        }),
        line({
          phoneNumber: "(212) 555-0106",
          user: "Phone Phil",
          device: { name: "iPhone 16 128GB", monthlyCents: 2778, remainingCents: 50_004 },
        }),
      ]),
    );
    const issues = analysis.businessMetrics.complianceStatus.issues;
    expect(issues).toEqual([
      "(212) 555-0102 (Over Otto) used 7.5 GB on a 5 GB plan.",
      "(212) 555-0103 (Light Lea) used 1.2 GB of its 15 GB plan.",
      "(212) 555-0101 (Idle Ida) used no data and did not roam this period, but its plan costs $30.00 a month.",
      "(212) 555-0104 (Trip Tom) was used in Mexico, Canada without an international feature ($42.10 in charges).",
      "1 device still has $500.04 left to pay in installments: moving that line to another carrier makes the balance due.",
    ]);
    expect(analysis.businessMetrics.complianceStatus.policyCompliant).toBe(false);
    expect(analysis.businessMetrics.internationalUsage).toEqual({
      cost: 52.1,
      countries: ["Canada", "Japan", "Mexico"],
    });
    expect(analysis.potentialSavings.enterpriseOpportunities).toEqual([
      "Cancel or suspend 1 idle line ($30.00 a month in plan charges).",
      "Move 1 line that ran over their data to a larger plan.",
      "Move 1 line that use little data to a smaller or shared plan.",
      "Add an international feature to 1 line used abroad.",
    ]);
    expect(analysis.lines[5]?.equipment).toEqual({
      deviceName: "iPhone 16 128GB",
      monthlyPayment: 27.78,
      remainingBalance: 500.04,
    });
  });

  it("never calls a line used abroad idle, and counts only an idle line's plan as the saving", () => {
    // att.pdf: (512) 555-2777 used no data but roamed in Germany ($66.81): it was used. Only
    // (512) 555-0730's $40.00 DataConnect plan goes unused.
    const att = analyzeBill(readWhole(truth("att")));
    expect(att.potentialSavings.enterpriseOpportunities[0]).toBe(
      "Cancel or suspend 1 idle line ($40.00 a month in plan charges).",
    );
    expect(att.businessMetrics.complianceStatus.issues).toContain(
      "(512) 555-0730 (Umar Turner) used no data and did not roam this period, but its plan costs $40.00 a month.",
    );
    expect(
      att.businessMetrics.complianceStatus.issues.filter((i) => i.includes("did not roam")),
    ).toHaveLength(1);
    // verizon.pdf: Hiro Hughes (TravelPass, Mexico and the UK) and Rosa Lopez ($65.47 roaming in
    // Japan and India) were used; Carla Nguyen and Hiro Weber were not. Carla's Pixel still owes
    // $33.32, which cancelling makes due rather than saves.
    const verizon = analyzeBill(readWhole(truth("verizon")));
    expect(verizon.potentialSavings.enterpriseOpportunities[0]).toBe(
      "Cancel or suspend 2 idle lines ($60.00 a month in plan charges). One has a device with $33.32 left to pay, due if cancelled.",
    );
  });

  it("puts what does not add up on the bill first among the issues", () => {
    const analysis = analyzeBill(
      billOf([line({})], ["The lines add up to $30.00; the bill prints $40.00."]),
    );
    expect(analysis.businessMetrics.complianceStatus.issues[0]).toBe(
      "The lines add up to $30.00; the bill prints $40.00.",
    );
  });

  it("keeps what could not be read from the bill apart from the customer's issues", () => {
    const unread = ["The bill's period could not be read."];
    const analysis = analyzeBill({
      ...billOf([line({ dataGB: 10 })]),
      period: { start: "", end: "" },
      unread,
      currentChargesFrom: "lines",
    });
    expect(analysis.notReadFromBill).toEqual(unread);
    // Left out, as older analyses leave it, rather than a period from "" to "".
    expect(analysis.billingPeriod).toBeUndefined();
    expect(analysis.totalMonthlyBillFrom).toBe("lines");
    // A read failure is ours, not the account's: nothing to fix, so the policy holds.
    expect(analysis.businessMetrics.complianceStatus).toEqual({
      policyCompliant: true,
      issues: [],
    });
    expect(billAnalysisResultSchema.parse(analysis)).toEqual(analysis);
  });

  it("reads a plan's data allowance from its name", () => {
    expect(planAllowanceGB("Core 15GB")).toBe(15);
    expect(planAllowanceGB("DataConnect 10GB")).toBe(10);
    expect(planAllowanceGB("Business Unlimited Pro")).toBeNull();
    expect(planAllowanceGB("DataConnect Unlimited")).toBeNull();
  });

  it("keeps who uses each line and its plan's name beside the spec's fields", () => {
    const analysis = analyzeBill(billOf([line({})]));
    expect(analysis.lines[0]).toMatchObject({ user: "Ana Chen", plan: "Core 15GB" });
  });
});

describe("withDeviceCertification", () => {
  const device = (name: string) => ({ name, monthlyCents: 1000, remainingCents: 0 });
  const analysis = analyzeBill(
    billOf([
      line({ phoneNumber: "(212) 555-0110", device: device("Pixel 9 128GB") }),
      line({ phoneNumber: "(212) 555-0111", device: device("Nokia 3310") }),
      line({ phoneNumber: "(212) 555-0112", device: device("Nokia 3310") }),
      line({ phoneNumber: "(212) 555-0113" }),
    ]),
  );

  it("names each device the recommended carrier does not certify, once, with its lines", () => {
    const checked = withDeviceCertification(analysis, "Verizon", new Set(["Pixel 9 128GB"]));
    const issues = checked.businessMetrics.complianceStatus.issues;
    expect(issues.slice(analysis.businessMetrics.complianceStatus.issues.length)).toEqual([
      "Nokia 3310 ((212) 555-0111, (212) 555-0112) is not on Verizon's certified devices list: check it works there or plan a replacement before switching.",
    ]);
    expect(checked.businessMetrics.complianceStatus.policyCompliant).toBe(false);
    expect(checked.potentialSavings.enterpriseOpportunities.at(-1)).toBe(
      "Offer 2 devices certified on Verizon for the lines whose device is not.",
    );
  });

  it("leaves the analysis as it was when every device is certified", () => {
    const all = new Set(["Pixel 9 128GB", "Nokia 3310"]);
    expect(withDeviceCertification(analysis, "AT&T", all)).toBe(analysis);
  });
});
