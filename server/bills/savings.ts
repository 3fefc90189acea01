import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import type { GeneratedQuote } from "#app/lib/schemas/quote.ts";
import { dollars } from "./bill.ts";

// The saving and the competitive analysis of an analysis, from the quote the engine priced for
// the same lines (`generateQuote(ctx, { currentBill })`, decision 0019): the recommended option
// against what the bill charges today for its plans. Pure; nothing here is a percentage or a guess.

const toDollars = (cents: number) => Math.round(cents) / 100;

export function withSavings(
  analysis: BillAnalysisResult,
  quote: GeneratedQuote,
): BillAnalysisResult {
  const recommended = quote.options.find((o) => o.recommended) ?? quote.options[0];
  if (!recommended || !quote.saving) return analysis;
  // The bill's plan charges against the option's price (decision 0019, addendum), not the bill's
  // total: its device installments stay due, its roaming was this month's, and its taxes would be
  // charged on the option too.
  const { currentMonthlyCents, monthlyCents, yearlyCents } = quote.saving;
  // Credits the recommended option carries: what the carrier gives for the lines over the term.
  const credits = recommended.items.filter((item) => item.kind === "discount");
  const creditCents = credits.reduce(
    (sum, item) =>
      sum + -item.unitMonthlyCents * item.quantity * (item.months ?? recommended.totals.termMonths),
    0,
  );
  const advantages = [
    `${recommended.label} prices the same ${recommended.totals.lines === 1 ? "line" : `${recommended.totals.lines} lines`} at ${dollars(recommended.totals.monthlyCents)} a month.`,
  ];
  if (monthlyCents > 0) {
    advantages.push(
      `That is ${dollars(monthlyCents)} a month less than the plan charges on this bill (${dollars(currentMonthlyCents)}): ${dollars(yearlyCents)} a year, before taxes.`,
    );
  }
  for (const other of quote.options.filter((o) => o !== recommended)) {
    advantages.push(
      `${other.label}: ${dollars(other.totals.monthlyCents)} a month for the same lines.`,
    );
  }
  const opportunities = [...analysis.potentialSavings.enterpriseOpportunities];
  if (monthlyCents > 0) {
    opportunities.push(
      `Move to ${recommended.label} to save ${dollars(yearlyCents)} a year in plan charges on the same lines, before taxes.`,
    );
  }
  return {
    ...analysis,
    // A dearer option is no saving: the figure stays 0 and the difference shows it (negative).
    potentialSavings: {
      annualSavings: Math.max(0, toDollars(yearlyCents)),
      enterpriseOpportunities: opportunities,
      compared: {
        planCharges: toDollars(currentMonthlyCents),
        option: toDollars(recommended.totals.monthlyCents),
      },
    },
    competitiveAnalysis: {
      currentProvider: analysis.competitiveAnalysis.currentProvider,
      marketComparison: {
        costDifference: toDollars(monthlyCents),
        featureGaps: recommended.unmet.map((u) => u.reason),
        advantages,
      },
      enterpriseDiscounts: {
        available: credits.length > 0,
        potentialSavings: toDollars(Math.max(0, creditCents)),
        requirements: credits.map((item) => item.description),
      },
    },
  };
}
