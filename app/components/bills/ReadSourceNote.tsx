import { useId } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { FileSearch, type IconData, ScanText } from "#app/components/ui/icons.ts";
import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import { type BillReadNote, billReadNote, billUnreadNote } from "#app/lib/bill-read-note.ts";
import type { BillReadSource } from "#app/lib/domain.ts";

/**
 * A caveat about how the analysis below was read. A note rather than an alert: nothing failed,
 * and it is there when the page opens, so it is read in its place rather than announced. Its
 * heading says what it is in words; the icon and the amber only repeat it.
 */
function BillNote({
  note,
  icon,
  items = [],
  testId,
}: {
  note: BillReadNote;
  icon: IconData;
  items?: readonly string[] | undefined;
  testId: string;
}) {
  const id = useId();
  return (
    <div
      role="note"
      aria-labelledby={id}
      data-testid={testId}
      className="flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Icon icon={icon} className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
      <div className="min-w-0">
        <h3 id={id} className="font-semibold">
          {note.title}
        </h3>
        <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{note.detail}</p>
        {items.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm break-words text-amber-900 dark:text-amber-200">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** Above an analysis read (wholly or partly) by OCR: the figures below may hold a misread. */
export function ReadSourceNote({ source }: { source: BillReadSource | null }) {
  const note = billReadNote(source);
  return note ? <BillNote note={note} icon={ScanText} testId="bill-read-source-note" /> : null;
}

/** Above an analysis whose bill did not give up every field or line: what the figures lack. */
export function UnreadNote({ result }: { result: BillAnalysisResult }) {
  const note = billUnreadNote(result);
  return note ? (
    <BillNote note={note} icon={FileSearch} items={note.items} testId="bill-unread-note" />
  ) : null;
}
