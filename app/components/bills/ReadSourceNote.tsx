import { useId } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { ScanText } from "#app/components/ui/icons.ts";
import { billReadNote } from "#app/lib/bill-read-note.ts";
import type { BillReadSource } from "#app/lib/domain.ts";

/**
 * Above an analysis read (wholly or partly) by OCR: the figures below may hold a misread name or
 * amount. A note rather than an alert: nothing failed, and it is there when the page opens, so
 * it is read in its place rather than announced. Its heading says what it is in words; the icon
 * and the amber only repeat it.
 */
export function ReadSourceNote({ source }: { source: BillReadSource | null }) {
  const id = useId();
  const note = billReadNote(source);
  if (!note) return null;
  return (
    <div
      role="note"
      aria-labelledby={id}
      className="flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Icon icon={ScanText} className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
      <div className="min-w-0">
        <h3 id={id} className="font-semibold">
          {note.title}
        </h3>
        <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{note.detail}</p>
      </div>
    </div>
  );
}
