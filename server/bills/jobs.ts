import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import { CARRIER_LABELS, CARRIERS } from "#app/lib/domain.ts";
import { ANALYSIS_CRASHED, type BillStage } from "#app/lib/schemas/bills.ts";
import type { GeneratedQuote } from "#app/lib/schemas/quote.ts";
import { recordActivityOf } from "#server/activity/index.ts";
import { certifiedDeviceNames } from "#server/catalog/index.ts";
import { billAnalyses } from "#server/db/schema/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import type { Logger } from "#server/platform/logger.ts";
import { generateQuote } from "#server/quotes/index.ts";
import { analyzeBill, withDeviceCertification } from "./analyze.ts";
import { type BillReadStage, isBillReadError } from "./read/index.ts";
import { readBillIsolated, shutDownBillReader } from "./read-isolated.ts";
import { withSavings } from "./savings.ts";

// The analysis row is its own job (decision 0024): a worker takes the next pending row with
// `FOR UPDATE SKIP LOCKED`, so server processes on one PostgreSQL database never take the same
// one, and holds it until `locked_until`; a row left `processing` by a process that died is taken
// again after that, up to BILL_JOB_MAX_ATTEMPTS times. On PGlite the same code serves one process.

/** Longer than a read may take (60 s, OCR included) plus the comparison. */
export const BILL_JOB_LEASE_SECONDS = 180;
/** Takes of one job before a crash is taken to be the file's doing. */
export const BILL_JOB_MAX_ATTEMPTS = 3;
/** How often an idle worker looks for work another process queued. */
export const BILL_JOB_POLL_MS = 2_000;
/** Progress within a stage is written at most this often. */
const PROGRESS_EVERY_MS = 500;

export type BillJob = { id: string; fileKey: string | null; attempts: number };

/**
 * Takes the next job no live worker holds, or null when there is none: each company's oldest job
 * in turn, then the oldest. A job's place is how many of its company's open jobs came before it,
 * so one agent's twenty uploads (a minute each, at worst) wait behind each other, not in front of
 * every other company's first.
 */
export async function claimBillJob(ctx: Pick<ServiceContext, "db">): Promise<BillJob | null> {
  const a = billAnalyses;
  // The same table again, under another name, for the rows before the candidate.
  const earlier = (column: AnyPgColumn) => sql`"earlier".${sql.identifier(column.name)}`;
  const place = sql`(select count(*) from ${a} as "earlier"
    where ${earlier(a.companyId)} = ${a.companyId}
      and ${earlier(a.status)} in ('pending', 'processing')
      and (${earlier(a.createdAt)}, ${earlier(a.id)}) < (${a.createdAt}, ${a.id}))`;
  const next = sql`(select ${a.id} from ${a}
    where ${a.status} in ('pending', 'processing')
      and (${a.lockedUntil} is null or ${a.lockedUntil} < now())
    order by ${place}, ${a.createdAt}, ${a.id}
    limit 1
    for update skip locked)`;
  const [job] = await ctx.db
    .update(a)
    .set({
      status: "processing",
      stage: "reading",
      progress: 5,
      attempts: sql`${a.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${BILL_JOB_LEASE_SECONDS})`,
    })
    .where(eq(a.id, next))
    .returning({ id: a.id, fileKey: a.fileKey, attempts: a.attempts });
  return job ?? null;
}

/** How far along a stage of the read is, for the progress bar. */
function progressOf(stage: BillReadStage): { stage: BillStage; progress: number } {
  if (stage.stage === "reading_text") return { stage: "reading", progress: 10 };
  if (stage.stage === "finding_lines") return { stage: "finding", progress: 85 };
  return { stage: "ocr", progress: 20 + Math.round((60 * (stage.page - 1)) / stage.pages) };
}

const isCarrier = (value: string): value is (typeof CARRIERS)[number] =>
  (CARRIERS as readonly string[]).includes(value);

/** The devices of the bill checked against the recommended carrier's certified list. */
async function checkDevices(
  ctx: ServiceContext,
  analysis: BillAnalysisResult,
  quote: GeneratedQuote,
): Promise<BillAnalysisResult> {
  const recommended = quote.options.find((o) => o.recommended) ?? quote.options[0];
  const names = [...new Set(analysis.lines.flatMap((line) => line.equipment?.deviceName ?? []))];
  if (!recommended || names.length === 0) return analysis;
  const certified = await certifiedDeviceNames(ctx, { carrier: recommended.carrier, names });
  return withDeviceCertification(analysis, CARRIER_LABELS[recommended.carrier], certified);
}

/**
 * Runs one taken job to its end: done with the result, failed with the file's reason or (after
 * the last attempt) ours, or back in the queue. Every write names the take (`attempts`), so a
 * worker whose hold ran out never overwrites the worker that took the job after it.
 */
export async function runBillJob(
  ctx: ServiceContext,
  job: BillJob,
  signal?: AbortSignal,
): Promise<void> {
  const a = billAnalyses;
  const thisTake = and(eq(a.id, job.id), eq(a.attempts, job.attempts));
  const finish = (values: PgUpdateSetSource<typeof a>) =>
    ctx.db
      .update(a)
      .set({ lockedUntil: null, ...values })
      .where(thisTake);
  const failed = (error: string) => finish({ status: "failed", error, completedAt: sql`now()` });
  if (job.attempts > BILL_JOB_MAX_ATTEMPTS) {
    ctx.ports.logger.error({ analysisId: job.id }, "bill analysis crashed on every attempt");
    await failed(ANALYSIS_CRASHED);
    return;
  }
  let written = Promise.resolve();
  let last = { stage: "reading", at: 0 };
  const report = (next: { stage: BillStage; progress: number }) => {
    const now = Date.now();
    if (next.stage === last.stage && now - last.at < PROGRESS_EVERY_MS) return;
    last = { stage: next.stage, at: now };
    written = written
      .then(() => ctx.db.update(a).set(next).where(thisTake))
      .then(
        () => undefined,
        (error: unknown) => ctx.ports.logger.warn({ err: error }, "bill progress not written"),
      );
  };
  try {
    const bytes = job.fileKey ? await ctx.ports.files.get(job.fileKey) : null;
    // Deleted meanwhile (the row with it) or lost from storage: nothing to read.
    if (!bytes) throw new Error("the bill's file is not in storage");
    // In a child process killed past the memory limit (decision 0044): a hostile file fails its
    // own job with the reader's message and never takes this process down with it.
    const read = await readBillIsolated(bytes, {
      signal,
      memoryLimitMb: ctx.config.billReaderMemoryMb,
      onStage: (s) => report(progressOf(s)),
    });
    await written;
    const analysis = analyzeBill(read.bill);
    report({ stage: "comparing", progress: 92 });
    await written;
    const quote = await generateQuote(ctx, { currentBill: analysis });
    const result = await checkDevices(ctx, withSavings(analysis, quote), quote);
    // The completion and its entry in the activity log, which outlives the analysis: the
    // Activity Report counts bills analysed from the log, so deleting one later keeps the day's
    // count. A worker whose hold ran out writes neither.
    await ctx.db.transaction(async (tx) => {
      const [done] = await tx
        .update(a)
        .set({
          lockedUntil: null,
          status: "completed",
          stage: "done",
          progress: 100,
          error: null,
          result,
          readSource: read.source,
          carrier: isCarrier(read.bill.carrier) ? read.bill.carrier : null,
          totalMonthlyCents: read.bill.totals.currentChargesCents,
          totalDataUsageGb: result.totalDataUsageGB,
          annualSavingsCents: Math.round(result.potentialSavings.annualSavings * 100),
          completedAt: sql`now()`,
        })
        .where(thisTake)
        .returning({ companyId: a.companyId, uploadedBy: a.uploadedBy, fileName: a.fileName });
      if (!done) return;
      await recordActivityOf(
        { db: tx },
        {
          companyId: done.companyId,
          actorId: done.uploadedBy,
          details: { kind: "bill_analyzed", analysisId: job.id, fileName: done.fileName },
        },
      );
    });
  } catch (error) {
    await written;
    if (signal?.aborted) {
      // Stopped by a shutdown, not by the file: back in the queue for the next process, the take
      // not counted.
      await finish({
        status: "pending",
        stage: "uploading",
        progress: 0,
        attempts: job.attempts - 1,
      });
    } else if (isBillReadError(error)) {
      await failed(error.message);
    } else {
      ctx.ports.logger.error(
        { err: error, analysisId: job.id, attempt: job.attempts },
        "bill analysis failed",
      );
      if (job.attempts >= BILL_JOB_MAX_ATTEMPTS) await failed(ANALYSIS_CRASHED);
      else {
        // Another try a little later, by whichever process is free then.
        await finish({
          status: "pending",
          lockedUntil: sql`now() + make_interval(secs => ${5 * job.attempts})`,
        });
      }
    }
  }
}

/** Takes and runs one job; false when there was none. */
export async function runNextBillJob(ctx: ServiceContext, signal?: AbortSignal): Promise<boolean> {
  const job = await claimBillJob(ctx);
  if (!job) return false;
  await runBillJob(ctx, job, signal);
  return true;
}

/** This process's worker: one job at a time (OCR is heavy), started and stopped with the runtime. */
export type BillWorker = {
  start(): void;
  /** Looks for work now (a bill was just uploaded here) rather than at the next poll. */
  wake(): void;
  /** Stops taking jobs, puts the one in hand back in the queue, and resolves once idle. */
  stop(): Promise<void>;
  readonly stopping: boolean;
};

export function createBillWorker(options: {
  context: () => ServiceContext;
  logger: Logger;
  pollMs?: number;
}): BillWorker {
  const pollMs = options.pollMs ?? BILL_JOB_POLL_MS;
  let stopping = false;
  let running: Promise<void> | null = null;
  let current: AbortController | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  const loop = async () => {
    while (!stopping) {
      let worked = false;
      try {
        current = new AbortController();
        worked = await runNextBillJob(options.context(), current.signal);
      } catch (error) {
        // The database away, say: logged, and tried again at the next poll.
        options.logger.warn({ err: error }, "bill worker could not take a job");
      } finally {
        current = null;
      }
      if (!worked) await pause(pollMs);
    }
  };

  return {
    start() {
      if (running || stopping) return;
      running = loop();
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopping = true;
      current?.abort();
      wakeUp?.();
      await running;
      shutDownBillReader();
    },
    get stopping() {
      return stopping;
    },
  };
}
