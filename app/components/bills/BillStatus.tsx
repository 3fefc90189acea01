import type { BillAnalysisStatus } from "#app/lib/domain.ts";
import { BILL_STAGE_LABELS, type BillStage } from "#app/lib/schemas/bills.ts";

const LABELS: Record<BillAnalysisStatus, string> = {
  pending: "Waiting",
  processing: "Analyzing",
  completed: "Completed",
  failed: "Failed",
};

const TONES: Record<BillAnalysisStatus, string> = {
  pending: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  processing: "bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200",
  completed: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
  failed: "bg-rose-100 text-rose-800 dark:bg-rose-900/40 dark:text-rose-200",
};

/** An analysis' status as a small label; the word carries it, the colour only helps. */
export function BillStatusBadge({ status }: { status: BillAnalysisStatus }) {
  return (
    <span
      data-testid="bill-status"
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {LABELS[status]}
    </span>
  );
}

/** The stage in words, as the agent reads it while waiting. */
const STAGE_WORDS: Record<BillStage, string> = {
  ...BILL_STAGE_LABELS,
  ocr: "Recognizing a scanned page with OCR",
};

/** Where a running analysis is: a progress bar with its stage in words. */
export function BillProgress(props: { stage: BillStage; progress: number; waiting: boolean }) {
  const words = props.waiting ? "Waiting for a free worker" : STAGE_WORDS[props.stage];
  return (
    <div className="space-y-2" data-testid="bill-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-medium" aria-live="polite">
          {words}...
        </p>
        <p className="tabular-nums text-slate-600 dark:text-slate-400">{props.progress}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={props.progress}
        aria-valuetext={`${words}, ${props.progress}%`}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500 dark:bg-brand-400"
          style={{ width: `${Math.max(2, props.progress)}%` }}
        />
      </div>
    </div>
  );
}
