import { z } from "zod";

/**
 * Where a bill's total comes from: the bill's own figure, or (when it could not be read) its
 * lines added up, with its taxes and fees when those were read.
 */
export const BILL_TOTAL_SOURCES = ["bill", "lines", "lines_and_taxes"] as const;
export type BillTotalSource = (typeof BILL_TOTAL_SOURCES)[number];

/** The bill analysis response of the agent-portal spec (section 3), money in dollars as the spec shows. */
export const billLineSchema = z.object({
  lineType: z.enum(["voice", "mobile_internet", "wearable"]),
  phoneNumber: z.string(),
  department: z.string(),
  /** Beyond the spec: who uses the line and the plan's name, as the bill prints them (older analyses lack them). */
  user: z.string().optional(),
  plan: z.string().optional(),
  planCost: z.number(),
  dataUsageGB: z.number(),
  equipment: z
    .object({ deviceName: z.string(), monthlyPayment: z.number(), remainingBalance: z.number() })
    .optional(),
});

export const billAnalysisResultSchema = z.object({
  totalMonthlyBill: z.number(),
  /**
   * Beyond the spec: where totalMonthlyBill comes from, the bill's own current charges or, when
   * those could not be read, its lines added up (with its taxes and fees when those were read).
   * Older analyses lack it.
   */
  totalMonthlyBillFrom: z.enum(BILL_TOTAL_SOURCES).optional(),
  /**
   * Beyond the spec: what could not be read from the bill (a field of its header, a line left
   * out), in words. Not among complianceStatus.issues, which are about the customer's account.
   * Older analyses lack it, and listed these among the issues.
   */
  notReadFromBill: z.array(z.string()).optional(),
  dueDate: z.string(),
  /** Beyond the spec: the period the bill covers, ISO dates (older analyses lack it). */
  billingPeriod: z.object({ start: z.string(), end: z.string() }).optional(),
  totalDataUsageGB: z.number(),
  businessMetrics: z.object({
    costPerEmployee: z.number(),
    complianceStatus: z.object({ policyCompliant: z.boolean(), issues: z.array(z.string()) }),
    internationalUsage: z.object({ cost: z.number(), countries: z.array(z.string()) }),
  }),
  potentialSavings: z.object({
    annualSavings: z.number(),
    enterpriseOpportunities: z.array(z.string()),
    /**
     * Beyond the spec: what the saving compares, dollars a month (decision 0019, addendum): the
     * plan charges on the bill and the recommended option's price, both before taxes. Older
     * analyses lack it: theirs compared the bill's whole total.
     */
    compared: z.object({ planCharges: z.number(), option: z.number() }).optional(),
  }),
  departmentBreakdown: z.record(
    z.string(),
    z.object({ lines: z.number(), cost: z.number(), dataUsage: z.number() }),
  ),
  lines: z.array(billLineSchema),
  competitiveAnalysis: z.object({
    currentProvider: z.string(),
    marketComparison: z.object({
      costDifference: z.number(),
      featureGaps: z.array(z.string()),
      advantages: z.array(z.string()),
    }),
    enterpriseDiscounts: z.object({
      available: z.boolean(),
      potentialSavings: z.number(),
      requirements: z.array(z.string()),
    }),
  }),
});

export type BillAnalysisResult = z.infer<typeof billAnalysisResultSchema>;
