import { useDraggable } from "@dnd-kit/core";
import { Link } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { DealCard } from "#app/lib/deal-board.ts";
import { formatCents, formatDate, formatIsoDate } from "#app/lib/format.ts";

/** What a card shows (spec): value, probability, title, company, dates and the assignee. */
export function DealCardBody({ card }: { card: DealCard }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">
          {formatCents(card.valueCents, { whole: true })}
        </span>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 tabular-nums dark:bg-brand-700/25 dark:text-brand-100">
          {card.probability}%
        </span>
      </div>
      <p className="mt-1 line-clamp-2 font-medium break-words text-slate-900 dark:text-slate-100">
        {card.title}
      </p>
      <p className="truncate text-slate-600 dark:text-slate-400">{card.customerCompany}</p>
      <dl className="mt-2 space-y-0.5 text-xs text-slate-500 dark:text-slate-400">
        {card.closeDate ? (
          <div className="flex gap-1">
            <dt>Close:</dt>
            <dd>{formatIsoDate(card.closeDate)}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>Created:</dt>
          <dd>
            <LocalTime date={new Date(card.createdAt)} format={formatDate} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">Assigned to:</dt>
          <dd className="truncate font-medium text-slate-700 dark:text-slate-300">
            {card.assignee ?? "Unassigned"}
          </dd>
        </div>
      </dl>
    </>
  );
}

const CARD_CLASS =
  "block rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-900";

/**
 * A card on the board: a link to the deal page (a click or Enter opens it) that can also be
 * dragged (mouse, a long press, or Space and the arrow keys).
 */
export function DraggableDealCard({ card, saving }: { card: DealCard; saving: boolean }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { status: card.status, title: card.title },
    disabled: saving,
  });
  // Still a link to assistive technology: dnd-kit's button role and pressed state would hide
  // that it opens the deal.
  const { role: _role, "aria-pressed": _pressed, ...linkAttributes } = attributes;
  return (
    <li>
      <Link
        ref={setNodeRef}
        to={`/dashboard/deals/${card.id}`}
        {...linkAttributes}
        {...listeners}
        aria-busy={saving || undefined}
        // The browser's own link dragging would swallow the mouse's drag.
        draggable={false}
        data-testid="deal-card"
        data-deal-id={card.id}
        className={`${CARD_CLASS} touch-manipulation select-none [-webkit-touch-callout:none] hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:hover:border-brand-500 ${isDragging || saving ? "opacity-50" : ""}`}
      >
        <DealCardBody card={card} />
        {saving ? (
          <p className="mt-2 text-xs font-medium text-brand-700 dark:text-brand-300">Saving...</p>
        ) : null}
      </Link>
    </li>
  );
}

/** The card under the pointer while it is dragged. */
export function DealCardOverlay({ card }: { card: DealCard }) {
  return (
    <div className={`${CARD_CLASS} w-64 rotate-2 cursor-grabbing shadow-xl ring-2 ring-brand-500`}>
      <DealCardBody card={card} />
    </div>
  );
}
