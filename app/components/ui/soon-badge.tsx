/**
 * Marks a tool whose screen is not built yet. Screen readers hear "(coming soon)" in the name of
 * the link or option it sits in, rather than a bare "Soon" run into the tool's title.
 */
export function SoonBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs leading-4 font-semibold text-amber-800 dark:bg-amber-500/15 dark:text-amber-300 ${className}`}
    >
      <span aria-hidden="true">Soon</span>
      <span className="sr-only"> (coming soon)</span>
    </span>
  );
}
