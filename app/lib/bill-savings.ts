import type { BillAnalysisResult } from "./bill-analysis.ts";
import { formatCents } from "./format.ts";

// What a bill analysis's saving compares, in the words the screen, the report and the workbook
// all print beside the figure (decision 0019, addendum). No zod here: the analyzer's screen
// imports it.

/** "Plan charges on this bill ($590.00 a month) vs the option's plan prices ($370.00), before taxes" */
export function savingsBasis(result: Pick<BillAnalysisResult, "potentialSavings">): string {
  const compared = result.potentialSavings.compared;
  if (!compared) {
    // Analysed under the first rule: the figure is what it was, and says what it compared.
    return "This bill's total vs the option's plan prices, before taxes";
  }
  const money = (dollars: number) => formatCents(Math.round(dollars * 100));
  return `Plan charges on this bill (${money(compared.planCharges)} a month) vs the option's plan prices (${money(compared.option)}), before taxes`;
}
