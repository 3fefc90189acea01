/**
 * Grey blocks in the shape of what is loading, so the page keeps its layout while a loader runs
 * and nothing jumps when the content arrives. Decorative: the screen's status text says what is
 * loading.
 */
export function Skeleton({ className = "" }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-md bg-slate-200/80 dark:bg-slate-800 ${className}`}
    />
  );
}

/**
 * Grey bars laid over a table's rows while new rows load. The old rows stay in place, invisible,
 * so the table keeps its height and nothing below it moves. Put it in the table's positioned
 * container; `top` leaves the column headings in view.
 */
export function TableSkeleton({ rows, top }: { rows: number; top: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="table-skeleton"
      className="absolute inset-x-0 bottom-0 z-10 overflow-hidden bg-white dark:bg-slate-900"
      style={{ top }}
    >
      {Array.from({ length: rows }, (_, row) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          key={row}
          className="flex gap-6 border-b border-slate-200 px-3 py-3 dark:border-slate-800"
        >
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  );
}

/**
 * A whole portal screen while it loads: the heading bar, the toolbar, then cards or a table. The
 * status line names what is loading (the tool's loading text), in the place the content will take.
 */
export function ScreenSkeleton({
  status,
  layout,
}: {
  /** The tool's loading text from the spec; without one, screen readers still hear "Loading...". */
  status: string | undefined;
  layout: "cards" | "table";
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" data-testid="screen-skeleton">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-4 h-8 w-64" />
      <div className="mt-8 flex flex-wrap gap-3">
        <Skeleton className="h-10 min-w-56 flex-1" />
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-10 w-40" />
      </div>
      <p
        role="status"
        className={
          status ? "mt-6 text-sm font-medium text-slate-600 dark:text-slate-300" : "sr-only"
        }
      >
        {status ?? "Loading..."}
      </p>
      {layout === "table" ? (
        <div className="mt-4 space-y-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <Skeleton className="h-5 w-full" />
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <Skeleton key={i} className="h-4 w-full" />
          ))}
        </div>
      ) : (
        <div className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
              key={i}
              aria-hidden="true"
              className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <Skeleton className="h-5 w-20" />
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
