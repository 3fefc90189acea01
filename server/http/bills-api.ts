import { Hono } from "hono";
import {
  analyzeWaitSchema,
  attachBillSchema,
  BILL_ANALYSIS_NOT_FOUND,
  type BillAnalysisState,
  billAnalysesPageSchema,
  billAnalysisIdSchema,
  submitBillFieldsSchema,
  UPLOAD_A_BILL_FIRST,
} from "#app/lib/schemas/bills.ts";
import {
  attachToCustomer,
  BILL_READ_FAILURES,
  billFile,
  deleteAnalysis,
  getAnalysis,
  limitBillUploads,
  listAnalyses,
  submitBill,
} from "#server/bills/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { refuse } from "#server/platform/errors.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { apiUserCtx } from "./api-context.ts";
import { type ApiEnv, requireApiUser } from "./api-guard.ts";
import { apiRefusal } from "./errors.ts";

/** How long `?wait=1` holds the request for the result (issue 16: the spec's contract for scripts). */
export const ANALYZE_WAIT_MS = 20_000;
const WAIT_POLL_MS = 200;

/** The failure code of a stored message, when it is one of the pipeline's. */
function failureCode(message: string): string | undefined {
  return Object.entries(BILL_READ_FAILURES).find(([, text]) => text === message)?.[0];
}

/**
 * The analysis once it has ended, or null when the wait ran out first (or the process is
 * stopping: the request answers with the id, and the job goes on in another process).
 */
async function waitForEnd(
  runtime: Runtime,
  ctx: UserContext,
  id: string,
): Promise<BillAnalysisState | null> {
  const deadline = Date.now() + ANALYZE_WAIT_MS;
  while (Date.now() < deadline && !runtime.billJobs.stopping) {
    const state = await getAnalysis(ctx, { id });
    if (state.status === "completed" || state.status === "failed") return state;
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
  return null;
}

/**
 * The bill analyzer's API (issue 16, decision 0024): an upload queues an analysis and answers
 * its id at once (202); the caller polls it, or asks to wait for the result. Each route checks
 * the session, and an analysis of another company is not found.
 */
export function billsApi(runtime: Runtime) {
  const api = new Hono<ApiEnv>();
  const signedIn = requireApiUser(runtime);
  const idOf = (raw: string) => billAnalysisIdSchema.safeParse({ id: raw });
  const notFound = refuse("not_found", BILL_ANALYSIS_NOT_FOUND);

  api.post("/analyze-bill", signedIn, async (c) => {
    const ctx = apiUserCtx(runtime, c);
    const limited = await limitBillUploads(ctx);
    if (limited) return apiRefusal(c, limited);
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File)) return apiRefusal(c, refuse("invalid", UPLOAD_A_BILL_FIRST));
    const fields = submitBillFieldsSchema.safeParse({ customerId: form?.get("customerId") });
    if (!fields.success) {
      return apiRefusal(
        c,
        refuse("invalid", fields.error.issues[0]?.message ?? "Choose a customer"),
      );
    }
    const { id } = await submitBill(ctx, {
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      customerId: fields.data.customerId,
    });
    runtime.billJobs.wake();
    const wait =
      analyzeWaitSchema.parse(c.req.query("wait")) ||
      /\bwait\b/i.test(c.req.header("prefer") ?? "");
    const ended = wait ? await waitForEnd(runtime, ctx, id) : null;
    if (!ended)
      return c.json({ id, status: "pending" }, 202, { Location: `/api/bill-analyses/${id}` });
    if (ended.status === "failed") {
      const message = ended.error ?? "";
      const code = failureCode(message);
      return apiRefusal(c, refuse("invalid", message, code ? { code } : {}));
    }
    // The spec's analysis object itself, as the old endpoint answered it.
    return c.json(ended.result, 200, { Location: `/api/bill-analyses/${id}` });
  });

  // The analyses the agent may see, newest first, a page at a time (`?page=2`).
  api.get("/bill-analyses", signedIn, async (c) => {
    const { page } = billAnalysesPageSchema.parse({ page: c.req.query("page") });
    return c.json(await listAnalyses(apiUserCtx(runtime, c), { page }));
  });

  // Files an analysis under a customer: `{ "customerId": "…" }`.
  api.post("/bill-analyses/:id/customer", signedIn, async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const parsed = attachBillSchema.safeParse({
      id: c.req.param("id"),
      customerId:
        body !== null && typeof body === "object" && "customerId" in body ? body.customerId : null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // An id that is no analysis's is "not found", as for another company's.
      const kind = issue?.path[0] === "id" ? "not_found" : "invalid";
      return apiRefusal(c, refuse(kind, issue?.message ?? "The request is not valid."));
    }
    await attachToCustomer(apiUserCtx(runtime, c), parsed.data);
    return c.json({ id: parsed.data.id, customerId: parsed.data.customerId });
  });

  api.get("/bill-analyses/:id", signedIn, async (c) => {
    const parsed = idOf(c.req.param("id"));
    if (!parsed.success) return apiRefusal(c, notFound);
    return c.json(await getAnalysis(apiUserCtx(runtime, c), parsed.data));
  });

  api.get("/bill-analyses/:id/file", signedIn, async (c) => {
    const parsed = idOf(c.req.param("id"));
    if (!parsed.success) return apiRefusal(c, notFound);
    const file = await billFile(apiUserCtx(runtime, c), parsed.data);
    return c.body(file.bytes, 200, {
      // The type the bytes were judged to be at upload, never the browser's; attachment and
      // nosniff so an uploaded file is never shown as a page of ours.
      "Content-Type": file.mimeType,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `attachment; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    });
  });

  api.delete("/bill-analyses/:id", signedIn, async (c) => {
    const parsed = idOf(c.req.param("id"));
    if (!parsed.success) return apiRefusal(c, notFound);
    await deleteAnalysis(apiUserCtx(runtime, c), parsed.data);
    return c.body(null, 204);
  });

  return api;
}
