import { QUOTE_STATUS_LABELS, type QuoteStatus } from "#app/lib/domain.ts";

const TONES: Record<QuoteStatus, string> = {
  draft: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  sent: "bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200",
  accepted: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
  declined: "bg-rose-100 text-rose-800 dark:bg-rose-900/40 dark:text-rose-200",
  expired: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200",
};

/** A quote's status as a small label; the word carries it, the colour only helps. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      data-testid="quote-status"
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}
