import { ANALYSIS_NOT_DONE, ATTACH_A_CUSTOMER_FIRST } from "#app/lib/schemas/bill-analyzer.ts";
import { BILL_ANALYSIS_NOT_FOUND } from "#app/lib/schemas/bills.ts";
import { getCustomer } from "#server/customers/index.ts";
import { billAnalyses } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { invalidInput, notFound } from "#server/platform/errors.ts";
import { saveQuote } from "#server/quotes/index.ts";
import { visibleAnalysis } from "./analyses.ts";

/**
 * "Quote from this bill": the analysis' lines priced by the quote engine (`currentBill`), saved
 * as a quote for the customer the bill is attached to and linked to the bill, so the quote shows
 * the saving against it. A quote goes to someone, so a bill with no customer is refused. An
 * agent of a company whose agents see their own only quotes only from bills they uploaded.
 */
export async function quoteFromBill(
  ctx: UserContext,
  input: { id: string },
): Promise<{ id: string }> {
  const [row] = await ctx.db
    .select({
      status: billAnalyses.status,
      result: billAnalyses.result,
      customerId: billAnalyses.customerId,
    })
    .from(billAnalyses)
    .where(await visibleAnalysis(ctx, input.id));
  if (!row) throw notFound(BILL_ANALYSIS_NOT_FOUND);
  if (row.status !== "completed" || !row.result) throw invalidInput(ANALYSIS_NOT_DONE);
  if (!row.customerId) throw invalidInput(ATTACH_A_CUSTOMER_FIRST);
  const customer = await getCustomer(ctx, row.customerId);
  const saved = await saveQuote(
    ctx,
    {
      customerInfo: {
        companyName: customer.companyName,
        companyWebsite: customer.companyWebsite ?? "",
        contactName: customer.name,
        contactEmail: customer.email ?? "",
      },
      currentBill: row.result,
      billAnalysisId: input.id,
    },
    { customerId: customer.id },
  );
  return { id: saved.id };
}
