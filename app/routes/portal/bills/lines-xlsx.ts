import { BILL_ANALYSIS_NOT_FOUND } from "#app/lib/schemas/bills.ts";
import { billLinesWorkbook } from "#server/bills/index.ts";
import { XLSX_CONTENT_TYPE } from "#server/platform/xlsx.ts";
import { answerLoader } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { downloadResponse } from "#server/web/downloads.ts";
import { recordIdParam } from "#server/web/forms.ts";
import type { Route } from "./+types/lines-xlsx";

/** A bill analysis's lines as an .xlsx download (issue 16); 404 as for the report. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const id = recordIdParam(params.analysisId, BILL_ANALYSIS_NOT_FOUND);
  const file = await answerLoader(() => billLinesWorkbook(ctx, { id }));
  return downloadResponse(file, XLSX_CONTENT_TYPE);
}
