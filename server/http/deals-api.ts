import { Hono } from "hono";
import { BOARD_STATUSES } from "#app/lib/domain.ts";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { boardQuerySchema, columnPageSchema, moveDealSchema } from "#app/lib/schemas/deals.ts";
import {
  columnTotals,
  dealsExportFileName,
  exportDealsXlsx,
  loadColumnPage,
  moveDeal,
} from "#server/deals/index.ts";
import { refuse } from "#server/platform/errors.ts";
import { XLSX_CONTENT_TYPE } from "#server/platform/xlsx.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { apiUserCtx } from "./api-context.ts";
import { type ApiEnv, requireApiUser } from "./api-guard.ts";
import { apiRefusal } from "./errors.ts";

/**
 * The deals board's calls from the browser: "Show more", a card's move and the export. Each
 * reads the board's view (search, filter, sort, mine) from its query string, so its answer fits
 * the board the agent is looking at. JSON, not a route action: a failed move must leave the board
 * on screen with a toast, where a fetcher's failure would replace it with the error boundary.
 */
export function dealsApi(runtime: Runtime) {
  const api = new Hono<ApiEnv>();
  const signedIn = requireApiUser(runtime);

  api.get("/deals.xlsx", signedIn, async (c) => {
    const ctx = apiUserCtx(runtime, c);
    const query = readFilters(boardQuerySchema, new URL(c.req.url).searchParams);
    const bytes = await exportDealsXlsx(ctx, query);
    return c.body(bytes, 200, {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${dealsExportFileName(ctx.ports.clock.now())}"`,
      "Cache-Control": "private, no-store",
    });
  });

  api.get("/deals/column", signedIn, async (c) => {
    const params = new URL(c.req.url).searchParams;
    // The view falls back to its defaults; a column the board does not have is the caller's error.
    if (!columnPageSchema.shape.column.safeParse(params.get("column")).success) {
      return apiRefusal(c, refuse("invalid", "Choose a column"));
    }
    const query = readFilters(columnPageSchema, params);
    return c.json(await loadColumnPage(apiUserCtx(runtime, c), query));
  });

  // The new status is saved first; the answer carries both columns' new totals, so the board
  // moves the card and updates its headings from the server's figures.
  api.post("/deals/:id/move", signedIn, async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const parsed = moveDealSchema.safeParse({
      dealId: c.req.param("id"),
      status: body !== null && typeof body === "object" && "status" in body ? body.status : null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // An id that is no deal's is "not found", as for any other company's deal.
      const kind = issue?.path[0] === "dealId" ? "not_found" : "invalid";
      return apiRefusal(c, refuse(kind, issue?.message ?? "The request is not valid."));
    }
    const ctx = apiUserCtx(runtime, c);
    const query = readFilters(boardQuerySchema, new URL(c.req.url).searchParams);
    const move = await moveDeal(ctx, parsed.data);
    const columns = BOARD_STATUSES.filter((s) => s === move.from || s === move.to);
    return c.json({ move, totals: await columnTotals(ctx, query, columns) });
  });

  return api;
}
