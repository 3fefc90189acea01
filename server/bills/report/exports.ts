import { eq } from "drizzle-orm";
import { BILL_ANALYSIS_NOT_FOUND } from "#app/lib/schemas/bills.ts";
import { PRODUCT_BRAND_COLOR } from "#app/lib/schemas/company-settings.ts";
import { proposalReseller } from "#server/accounts/index.ts";
import { visibleAnalysis } from "#server/bills/analyses.ts";
import { billAnalyses, customers } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { notFound } from "#server/platform/errors.ts";
import { reportFileName } from "./lines.ts";
import { renderBillReportPdf } from "./pdf.ts";
import { renderBillLinesWorkbook } from "./xlsx.ts";

// The analysis's downloads (issue 16): the report and the lines workbook, made for each request
// from the stored result. Only a completed analysis the agent may see has them; anything else is
// not found, as on the analyzer's screen.

export type BillExport = { fileName: string; bytes: Uint8Array<ArrayBuffer> };

async function completedAnalysis(ctx: UserContext, id: string) {
  const [row] = await ctx.db
    .select({
      fileName: billAnalyses.fileName,
      status: billAnalyses.status,
      result: billAnalyses.result,
      readSource: billAnalyses.readSource,
      createdAt: billAnalyses.createdAt,
      completedAt: billAnalyses.completedAt,
      customerCompany: customers.companyName,
    })
    .from(billAnalyses)
    .leftJoin(customers, eq(customers.id, billAnalyses.customerId))
    .where(await visibleAnalysis(ctx, id));
  if (row?.status !== "completed" || !row.result) throw notFound(BILL_ANALYSIS_NOT_FOUND);
  return {
    result: row.result,
    readSource: row.readSource,
    fileName: row.fileName,
    subject: row.customerCompany ?? row.fileName,
    analysedOn: (row.completedAt ?? row.createdAt).toISOString().slice(0, 10),
  };
}

/** The analysis report as a PDF, in the company's colour. */
export async function billReportPdf(ctx: UserContext, input: { id: string }): Promise<BillExport> {
  const analysis = await completedAnalysis(ctx, input.id);
  const reseller = await proposalReseller(ctx);
  const bytes = await renderBillReportPdf({
    ...analysis,
    reseller: { name: reseller.name, brandColor: reseller.brandColor ?? PRODUCT_BRAND_COLOR },
  });
  return { fileName: reportFileName(analysis.subject, analysis.analysedOn, "pdf"), bytes };
}

/** The analysis's lines (and a summary sheet) as an .xlsx workbook. */
export async function billLinesWorkbook(
  ctx: UserContext,
  input: { id: string },
): Promise<BillExport> {
  const analysis = await completedAnalysis(ctx, input.id);
  const bytes = await renderBillLinesWorkbook(analysis.result, analysis);
  return { fileName: reportFileName(analysis.subject, analysis.analysedOn, "xlsx"), bytes };
}
