import { REPORT_TYPES, reportQuerySchema } from "#app/lib/schemas/reports.ts";
import { XLSX_CONTENT_TYPE } from "#server/platform/xlsx.ts";
import { exportReportXlsx, reportFileName } from "#server/reports/index.ts";
import { answerLoader } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/export";

const REPORT_NOT_FOUND = "Report not found";

/**
 * One report of the period in the URL as an .xlsx download ({type}_report_{date}.xlsx). A range
 * whose end is before its start answers 400 with the message the screen shows; a failure is
 * logged here and the Export button tells the agent.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const type = REPORT_TYPES.find((known) => known === params.type);
  if (!type) throw new Response(REPORT_NOT_FOUND, { status: 404 });
  const parsed = reportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return new Response(parsed.error.issues[0]?.message ?? "The period is not valid", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const bytes = await answerLoader(async () => {
    try {
      return await exportReportXlsx(ctx, type, parsed.data);
    } catch (error) {
      ctx.ports.logger.error({ err: error, report: type }, "report export failed");
      throw error;
    }
  });
  return new Response(bytes, {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${reportFileName(type, ctx.ports.clock.now())}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
