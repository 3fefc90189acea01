import { Hono } from "hono";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { deviceQuerySchema } from "#app/lib/schemas/device-query.ts";
import { exportDevicesCsv, exportRatePlansCsv, openResourceFile } from "#server/catalog/index.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { exportSignupsCsv } from "#server/site/index.ts";
import { apiUserCtx } from "./api-context.ts";
import { type ApiEnv, requireApiRole, requireApiUser } from "./api-guard.ts";
import { apiRefusal } from "./errors.ts";

export function csvHeaders(fileName: string) {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
  };
}

/** Files and CSV exports; every one needs a signed-in user, some an admin or an operator. */
export function filesApi(runtime: Runtime) {
  const api = new Hono<ApiEnv>();
  // Guards per route, not api.use: this app is mounted at /api, where unknown paths must stay 404.
  const signedIn = requireApiUser(runtime);

  // The shared plan list: its operators keep it, a company's admin may take a copy.
  api.get("/rate-plans.csv", signedIn, requireApiRole("admin", "operator"), async (c) =>
    c.body(await exportRatePlansCsv(apiUserCtx(runtime, c)), 200, csvHeaders("rate-plans.csv")),
  );

  // The platform's waitlist (people who are no company's yet): its operators only.
  api.get("/admin/waitlist.csv", signedIn, requireApiRole("operator"), async (c) =>
    c.body(await exportSignupsCsv(apiUserCtx(runtime, c)), 200, csvHeaders("waitlist.csv")),
  );

  // The whole filtered set, streamed: memory stays flat whether it is 10 rows or a million.
  api.get("/devices.csv", signedIn, (c) => {
    const query = readFilters(deviceQuerySchema, new URL(c.req.url).searchParams);
    const batches = exportDevicesCsv(apiUserCtx(runtime, c), query);
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await batches.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          c.get("log").error({ err: error }, "device export failed");
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    return c.body(stream, 200, csvHeaders("certified-devices.csv"));
  });

  api.get("/resources/:id/file", signedIn, async (c) => {
    const opened = await openResourceFile(apiUserCtx(runtime, c), c.req.param("id"));
    if (!opened.ok) return apiRefusal(c, opened);
    const file = opened.value;
    return c.body(file.bytes, 200, {
      "Content-Type": file.mimeType,
      // inline: PDFs open in the new tab; Office files download, as browsers cannot show them.
      "Content-Disposition": `inline; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    });
  });

  return api;
}
