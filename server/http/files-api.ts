import { Hono } from "hono";
import { z } from "zod";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { deviceQuerySchema } from "#app/lib/schemas/device-query.ts";
import { exportDevicesCsv } from "#server/catalog/devices.ts";
import { exportRatePlansCsv } from "#server/catalog/rate-plans.ts";
import { openResourceFile } from "#server/catalog/resources.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { exportSignupsCsv } from "#server/site/index.ts";
import { apiUserCtx } from "./api-context.ts";
import { type ApiEnv, requireApiAdmin, requireApiUser } from "./api-guard.ts";

export function csvHeaders(fileName: string) {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
  };
}

/** Files and CSV exports; every one needs a signed-in user, some an admin. */
export function filesApi(runtime: Runtime) {
  const db = runtime.database.db;
  const api = new Hono<ApiEnv>();
  // Guards per route, not api.use: this app is mounted at /api, where unknown paths must stay 404.
  const signedIn = requireApiUser(runtime);

  api.get("/rate-plans.csv", signedIn, requireApiAdmin(), async (c) =>
    c.body(await exportRatePlansCsv(db), 200, csvHeaders("rate-plans.csv")),
  );

  api.get("/admin/waitlist.csv", signedIn, requireApiAdmin(), async (c) =>
    c.body(await exportSignupsCsv(apiUserCtx(runtime, c)), 200, csvHeaders("waitlist.csv")),
  );

  // The whole filtered set, streamed: memory stays flat whether it is 10 rows or a million.
  api.get("/devices.csv", signedIn, (c) => {
    const query = readFilters(deviceQuerySchema, new URL(c.req.url).searchParams);
    const batches = exportDevicesCsv(db, query);
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
    const id = z.uuid().safeParse(c.req.param("id"));
    if (!id.success) return c.json({ error: "Resource not found." }, 404);
    const file = await openResourceFile(db, runtime.storage, id.data);
    if (!file) return c.json({ error: "Resource not found." }, 404);
    return c.body(file.bytes, 200, {
      "Content-Type": file.mimeType,
      // inline: PDFs open in the new tab; Office files download, as browsers cannot show them.
      "Content-Disposition": `inline; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    });
  });

  return api;
}
