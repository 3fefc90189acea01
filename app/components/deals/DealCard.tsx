import { useDraggable } from "@dnd-kit/core";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { DealCard } from "#app/lib/deal-board.ts";
import { shownProbability } from "#app/lib/deal-figures.ts";
import { formatCents, formatDate, formatIsoDate } from "#app/lib/format.ts";
import { isPlainClick } from "#app/lib/plain-click.ts";

/** What a card shows (spec): value, probability, title, company, dates and the assignee. */
export function DealCardBody({ card }: { card: DealCard }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <span className="deal-card-value">{formatCents(card.valueCents, { whole: true })}</span>
        <span className="deal-card-probability">{shownProbability(card)}%</span>
      </div>
      {/* Clamped to fit a narrow column; the whole text shows on hover. */}
      <p className="deal-card-title" title={card.title}>
        {card.title}
      </p>
      <p className="deal-card-company" title={card.customerCompany}>
        {card.customerCompany}
      </p>
      <dl className="deal-card-facts">
        {card.closeDate ? (
          <div>
            <dt>Close:</dt>
            <dd>{formatIsoDate(card.closeDate)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Created:</dt>
          <dd>
            <LocalTime date={new Date(card.createdAt)} format={formatDate} />
          </dd>
        </div>
        {/* Cut to the column's width like the company, so whole on hover too. The card is the
            link itself (no stretched link lies over it), so this title is the one the pointer
            finds; a screen reader reads the text itself, which the cut leaves whole. */}
        <div>
          <dt className="sr-only">Assigned to:</dt>
          <dd className="deal-card-assignee" title={card.assignee ?? "Unassigned"}>
            {card.assignee ?? "Unassigned"}
          </dd>
        </div>
      </dl>
    </>
  );
}

/**
 * A card on the board: a link to the deal page (a click or Enter opens it) that can also be
 * dragged (mouse, a long press, or Space and the arrow keys). A plain anchor whose plain click
 * the board turns into a client navigation (`onOpen`): React Router's Link resolved its path on
 * each of the 250 cards a board renders, a tenth of the page's server time.
 */
export function DraggableDealCard({
  card,
  saving,
  onOpen,
}: {
  card: DealCard;
  saving: boolean;
  onOpen: (href: string) => void;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { status: card.status, title: card.title },
    disabled: saving,
  });
  // Still a link to assistive technology: dnd-kit's button role and pressed state would hide
  // that it opens the deal.
  const { role: _role, "aria-pressed": _pressed, ...linkAttributes } = attributes;
  const href = `/dashboard/deals/${card.id}`;
  return (
    <li>
      <a
        ref={setNodeRef}
        href={href}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onOpen(href);
        }}
        {...linkAttributes}
        {...listeners}
        // On a phone the board scrolls sideways a column at a time, and the browser left a card
        // Tabbed to in the next column mostly off-screen. Keyboard focus only: a pointer's focus
        // must not scroll the board under a starting drag.
        onFocus={(event) => {
          if (event.currentTarget.matches(":focus-visible"))
            event.currentTarget.scrollIntoView({ block: "nearest", inline: "nearest" });
        }}
        aria-busy={saving || undefined}
        // The browser's own link dragging would swallow the mouse's drag.
        draggable={false}
        data-testid="deal-card"
        data-deal-id={card.id}
        className={`deal-card deal-card-link ${isDragging || saving ? "opacity-50" : ""}`}
      >
        <DealCardBody card={card} />
        {saving ? (
          <p className="mt-2 text-xs font-medium text-brand-700 dark:text-brand-300">Saving...</p>
        ) : null}
      </a>
    </li>
  );
}

/** The card under the pointer while it is dragged. */
export function DealCardOverlay({ card }: { card: DealCard }) {
  return (
    <div className="deal-card w-64 rotate-2 cursor-grabbing shadow-xl ring-2 ring-brand-500">
      <DealCardBody card={card} />
    </div>
  );
}
