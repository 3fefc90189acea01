import { BILL_ANALYSIS_NOT_FOUND } from "#app/lib/schemas/bills.ts";
import { billReportPdf } from "#server/bills/index.ts";
import { answerLoader } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { downloadResponse } from "#server/web/downloads.ts";
import { recordIdParam } from "#server/web/forms.ts";
import type { Route } from "./+types/report-pdf";

/**
 * A bill analysis's report as a PDF download (issue 16), made for each request from the stored
 * result; another company's analysis, or one not completed, is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const id = recordIdParam(params.analysisId, BILL_ANALYSIS_NOT_FOUND);
  const file = await answerLoader(() => billReportPdf(ctx, { id }));
  return downloadResponse(file, "application/pdf");
}
