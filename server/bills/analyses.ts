import { randomUUID } from "node:crypto";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Carrier } from "#app/lib/domain.ts";
import {
  BILL_ANALYSIS_NOT_FOUND,
  BILL_TOO_LARGE,
  type BillAnalysisState,
  billStageOf,
  MAX_BILL_BYTES,
  MAX_BILL_FILE_NAME,
} from "#app/lib/schemas/bills.ts";
import { visibleToActor } from "#server/accounts/index.ts";
import { getCustomer } from "#server/customers/index.ts";
import { billAnalyses, customers } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { invalidInput, notFound, type Refusal } from "#server/platform/errors.ts";
import { pageWithin } from "#server/platform/paging.ts";
import { checkRate } from "#server/platform/rate-limit.ts";
import { type BillFileType, checkImageSize, sniffBillFile } from "./read/sniff.ts";

// The bill analyzer's records (issue 16, decision 0024): an upload becomes a stored file and a
// pending analysis, which the worker (jobs.ts) reads; the agent's company sees it, polls it,
// downloads the original, attaches it to a customer and deletes it with its file. Another
// company's analysis is not found, whatever the id.

export const BILL_UPLOAD_LIMIT = 20;
export const BILL_UPLOAD_WINDOW_SECONDS = 300;
export const BILL_ANALYSES_PAGE_SIZE = 20;

const MIME_TYPES: Record<BillFileType, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
};

export function billUploadLimitMessage(retryAfterSeconds: number): string {
  return `Too many bills uploaded. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`;
}

/** Counts one upload against the agent's limit (per user, across processes). */
export function limitBillUploads(ctx: UserContext): Promise<Refusal | null> {
  return checkRate(ctx, {
    key: `analyze-bill:${ctx.user.id}`,
    limit: BILL_UPLOAD_LIMIT,
    windowSeconds: BILL_UPLOAD_WINDOW_SECONDS,
    message: billUploadLimitMessage,
  });
}

/**
 * The analyses the agent may see: the company's, or only those they uploaded when the company's
 * admins set "agents see only their own" (managers and admins see all of them).
 */
export async function visibleAnalyses(ctx: UserContext): Promise<SQL> {
  const company = eq(billAnalyses.companyId, ctx.user.companyId);
  return and(company, await visibleToActor(ctx, billAnalyses.uploadedBy)) ?? company;
}

/** One analysis, when the agent may see it. */
export const visibleAnalysis = async (ctx: UserContext, id: string) =>
  and(eq(billAnalyses.id, id), await visibleAnalyses(ctx));

/** The name as the agent's computer gave it, cut to something a header and a list can show. */
function cleanFileName(name: string, type: BillFileType): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we drop
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]/g, "").trim();
  return cleaned.slice(0, MAX_BILL_FILE_NAME) || `bill.${type === "jpeg" ? "jpg" : type}`;
}

/**
 * Stores an uploaded bill and queues its analysis. The bytes decide the type (a PNG named .pdf is
 * an image; anything else is refused with the pipeline's words) before anything is stored.
 */
export async function submitBill(
  ctx: UserContext,
  input: { fileName: string; bytes: Uint8Array; customerId?: string | null | undefined },
): Promise<{ id: string }> {
  if (input.bytes.length > MAX_BILL_BYTES) throw invalidInput(BILL_TOO_LARGE);
  const type = sniffBillFile(input.bytes);
  // An image's header is read now, so a decoding bomb is refused at the door, not in the worker.
  if (type !== "pdf") checkImageSize(input.bytes, type);
  if (input.customerId) await getCustomer(ctx, input.customerId);
  const fileKey = `bills/${ctx.user.companyId}/${randomUUID()}`;
  await ctx.ports.files.put(fileKey, input.bytes);
  try {
    const [row] = await ctx.db
      .insert(billAnalyses)
      .values({
        companyId: ctx.user.companyId,
        customerId: input.customerId ?? null,
        uploadedBy: ctx.user.id,
        fileName: cleanFileName(input.fileName, type),
        fileKey,
        mimeType: MIME_TYPES[type],
        sizeBytes: input.bytes.length,
      })
      .returning({ id: billAnalyses.id });
    if (!row) throw new Error("the analysis row was not inserted");
    return { id: row.id };
  } catch (error) {
    // No row, no file: a stored file nobody can reach or delete is a leak.
    await ctx.ports.files.remove(fileKey);
    throw error;
  }
}

/** Where an analysis is, and its result once done. */
export async function getAnalysis(
  ctx: UserContext,
  input: { id: string },
): Promise<BillAnalysisState> {
  const [row] = await ctx.db
    .select({
      id: billAnalyses.id,
      status: billAnalyses.status,
      stage: billAnalyses.stage,
      progress: billAnalyses.progress,
      error: billAnalyses.error,
      result: billAnalyses.result,
      readSource: billAnalyses.readSource,
    })
    .from(billAnalyses)
    .where(await visibleAnalysis(ctx, input.id));
  if (!row) throw notFound(BILL_ANALYSIS_NOT_FOUND);
  const completed = row.status === "completed";
  return {
    ...row,
    stage: billStageOf(row.stage),
    result: completed ? row.result : null,
    readSource: completed ? row.readSource : null,
  };
}

export type BillAnalysisSummary = {
  id: string;
  fileName: string;
  status: BillAnalysisState["status"];
  stage: BillAnalysisState["stage"];
  progress: number;
  carrier: Carrier | null;
  totalMonthlyCents: number | null;
  customerId: string | null;
  /** The attached customer's company name, for the list. */
  customerName: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

/** The customer an analysis is filed under, if it is the company's. */
const attachedCustomer = (ctx: UserContext) =>
  and(eq(customers.id, billAnalyses.customerId), eq(customers.companyId, ctx.user.companyId));

/** One analysis for its page: where it is, and the record around it (file, customer, date). */
export async function getAnalysisView(
  ctx: UserContext,
  input: { id: string },
): Promise<
  BillAnalysisState &
    Pick<BillAnalysisSummary, "fileName" | "customerId" | "customerName" | "createdAt">
> {
  const state = await getAnalysis(ctx, input);
  const [row] = await ctx.db
    .select({
      fileName: billAnalyses.fileName,
      customerId: billAnalyses.customerId,
      customerName: customers.companyName,
      createdAt: billAnalyses.createdAt,
    })
    .from(billAnalyses)
    .leftJoin(customers, attachedCustomer(ctx))
    .where(await visibleAnalysis(ctx, input.id));
  if (!row) throw notFound(BILL_ANALYSIS_NOT_FOUND);
  return { ...state, ...row };
}

/** The company's past analyses, newest first, a page at a time. */
export async function listAnalyses(
  ctx: UserContext,
  input: { page: number },
): Promise<{ items: BillAnalysisSummary[]; page: number; pageCount: number; total: number }> {
  const scope = await visibleAnalyses(ctx);
  const [counted] = await ctx.db.select({ total: count() }).from(billAnalyses).where(scope);
  const total = counted?.total ?? 0;
  const { page, pageCount, offset } = pageWithin(input.page, total, BILL_ANALYSES_PAGE_SIZE);
  const rows = await ctx.db
    .select({
      id: billAnalyses.id,
      fileName: billAnalyses.fileName,
      status: billAnalyses.status,
      stage: billAnalyses.stage,
      progress: billAnalyses.progress,
      carrier: billAnalyses.carrier,
      totalMonthlyCents: billAnalyses.totalMonthlyCents,
      customerId: billAnalyses.customerId,
      customerName: customers.companyName,
      createdAt: billAnalyses.createdAt,
      completedAt: billAnalyses.completedAt,
    })
    .from(billAnalyses)
    .leftJoin(customers, attachedCustomer(ctx))
    .where(scope)
    .orderBy(desc(billAnalyses.createdAt), desc(billAnalyses.id))
    .limit(BILL_ANALYSES_PAGE_SIZE)
    .offset(offset);
  return {
    items: rows.map((row) => ({ ...row, stage: billStageOf(row.stage) })),
    page,
    pageCount,
    total,
  };
}

/**
 * Deletes an analysis and its file. The row goes first: a worker that has the job finds no row to
 * write its result to, and a file left by a failed removal is logged rather than reachable.
 */
export async function deleteAnalysis(ctx: UserContext, input: { id: string }): Promise<void> {
  const [row] = await ctx.db
    .delete(billAnalyses)
    .where(await visibleAnalysis(ctx, input.id))
    .returning({ fileKey: billAnalyses.fileKey });
  if (!row) throw notFound(BILL_ANALYSIS_NOT_FOUND);
  if (!row.fileKey) return;
  try {
    await ctx.ports.files.remove(row.fileKey);
  } catch (error) {
    ctx.ports.logger.error({ err: error, fileKey: row.fileKey }, "bill file not removed");
  }
}

/** Files an analysis under one of the company's customers (one the agent may see). */
export async function attachToCustomer(
  ctx: UserContext,
  input: { id: string; customerId: string },
): Promise<void> {
  await getCustomer(ctx, input.customerId);
  const updated = await ctx.db
    .update(billAnalyses)
    .set({ customerId: input.customerId })
    .where(await visibleAnalysis(ctx, input.id))
    .returning({ id: billAnalyses.id });
  if (updated.length === 0) throw notFound(BILL_ANALYSIS_NOT_FOUND);
}

/** The original upload, for its download: the bytes and the type they were stored as. */
export async function billFile(
  ctx: UserContext,
  input: { id: string },
): Promise<{ bytes: Uint8Array<ArrayBuffer>; mimeType: string; fileName: string }> {
  const [row] = await ctx.db
    .select({
      fileKey: billAnalyses.fileKey,
      mimeType: billAnalyses.mimeType,
      fileName: billAnalyses.fileName,
    })
    .from(billAnalyses)
    .where(await visibleAnalysis(ctx, input.id));
  const bytes = row?.fileKey ? await ctx.ports.files.get(row.fileKey) : null;
  if (!row || !bytes) throw notFound(BILL_ANALYSIS_NOT_FOUND);
  return { bytes, mimeType: row.mimeType, fileName: row.fileName };
}
