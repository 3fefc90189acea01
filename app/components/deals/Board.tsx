import {
  type Active,
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { appendPage, applyMove, type BoardColumn, type DealCard } from "#app/lib/deal-board.ts";
import { BOARD_STATUSES, type BoardStatus, DEAL_STATUS_LABELS } from "#app/lib/domain.ts";
import { formatCents } from "#app/lib/format.ts";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import type { DealSort } from "#app/lib/schemas/deal-constants.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { DealCardOverlay, DraggableDealCard } from "./DealCard.tsx";

/**
 * Cards a column's server-rendered HTML holds: more than a tall screen shows. The rest of the
 * loaded page (50) is in the loader data and appears as the board hydrates, before anyone can
 * scroll to it; rendering all 250 cards on the server was most of the page's cost.
 */
const SERVER_CARDS = 12;

const COLUMN_PREFIX = "column:";
const columnId = (status: BoardStatus) => `${COLUMN_PREFIX}${status}`;
const statusOfColumn = (id: string | number | undefined): BoardStatus | null => {
  if (typeof id !== "string" || !id.startsWith(COLUMN_PREFIX)) return null;
  const status = id.slice(COLUMN_PREFIX.length);
  return BOARD_STATUSES.find((s) => s === status) ?? null;
};

/** What the draggable card carries: its column and title, for the move and the announcements. */
function cardData(active: Active): { status: BoardStatus; title: string } | null {
  const data = active.data.current;
  if (!data) return null;
  const status = BOARD_STATUSES.find((s) => s === data.status);
  return status && typeof data.title === "string" ? { status, title: data.title } : null;
}

const label = (status: BoardStatus) => DEAL_STATUS_LABELS[status];

/**
 * The keyboard's arrows move a lifted card from column to column (left and right, or up and down
 * for the previous and next), whatever the columns' positions on the screen.
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.code];
  const { active, collisionRect, droppableRects, over } = context;
  if (step === undefined || !active || !collisionRect) return undefined;
  event.preventDefault();
  const columns = [...droppableRects.entries()]
    .filter(([id]) => statusOfColumn(id) !== null)
    .sort(([, a], [, b]) => a.left - b.left);
  const from = over?.id ?? columnId(cardData(active)?.status ?? "lead");
  const index = columns.findIndex(([id]) => id === from);
  const target = columns[Math.min(columns.length - 1, Math.max(0, index + step))];
  if (!target) return undefined;
  const [, rect] = target;
  return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + 56 };
};

// The answers' checks load with the first call, while its request is on its way.
const answers = onFirstUse(() => import("#app/lib/deal-board-answers.ts"));

/** Why a call failed, in words: the server's own message when it gave one. */
async function failureOf(res: Response): Promise<string> {
  const { apiErrorSchema } = await answers.load();
  const body = apiErrorSchema.safeParse(await res.json().catch(() => null));
  return body.success ? body.data.error : `The server answered ${res.status}.`;
}

const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : "The server could not be reached.";

/**
 * The deals board: five columns whose headings carry the server's totals, cards that move only
 * once the server has saved their new status, and "Show more" per column. Its state starts from
 * the loader's data and then follows the agent's moves and pages, never reloading the board.
 */
export function Board({
  columns: loaded,
  sort,
  view,
}: {
  columns: BoardColumn[];
  sort: DealSort;
  /** The view's query string (search, filter, sort, mine), for the board's calls. */
  view: string;
}) {
  const [source, setSource] = useState(loaded);
  const [columns, setColumns] = useState(loaded);
  // New loader data (another view, a reload) replaces what this board had built up.
  if (source !== loaded) {
    setSource(loaded);
    setColumns(loaded);
  }
  const [active, setActive] = useState<DealCard | null>(null);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [loadingMore, setLoadingMore] = useState<BoardStatus | null>(null);
  const [notice, setNotice] = useState("");
  const navigate = useNavigate();
  const board = useRef<HTMLDivElement>(null);
  // A saved move renders the card anew in its new column, and the old element had the focus:
  // the card whose focus went with it gets it back there, so the keyboard user stays on it.
  const refocus = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns only time it.
  useEffect(() => {
    const id = refocus.current;
    if (id === null) return;
    refocus.current = null;
    board.current?.querySelector<HTMLElement>(`[data-deal-id="${CSS.escape(id)}"]`)?.focus();
  }, [columns]);

  const sensors = useSensors(
    // A short distance first, so that a click still opens the deal.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A long press on touch, so that a swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnCoordinates,
      // Enter opens the deal (the card is a link); Space lifts and drops.
      keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space", "Enter"] },
    }),
  );

  const cardById = (id: string | number) =>
    columns.flatMap((c) => c.cards).find((card) => card.id === id);

  const announcements: Announcements = {
    onDragStart({ active: dragged }) {
      const data = cardData(dragged);
      return data
        ? `Picked up deal ${data.title} in ${label(data.status)}. Use the arrow keys to choose a column, Space to drop it there, Escape to cancel.`
        : undefined;
    },
    onDragOver({ active: dragged, over }) {
      const data = cardData(dragged);
      const to = statusOfColumn(over?.id);
      if (!data) return undefined;
      return to
        ? `Deal ${data.title} is over the ${label(to)} column.`
        : `Deal ${data.title} is not over a column.`;
    },
    onDragEnd({ active: dragged, over }) {
      const data = cardData(dragged);
      const to = statusOfColumn(over?.id);
      if (!data) return undefined;
      return to && to !== data.status
        ? `Deal ${data.title} dropped on ${label(to)}. Saving.`
        : `Deal ${data.title} stays in ${label(data.status)}.`;
    },
    onDragCancel({ active: dragged }) {
      const data = cardData(dragged);
      return data
        ? `Moving deal ${data.title} was cancelled. It stays in ${label(data.status)}.`
        : undefined;
    },
  };

  const move = async (card: DealCard, to: BoardStatus) => {
    setSaving((s) => new Set(s).add(card.id));
    try {
      const checks = answers.load();
      const res = await fetch(`/api/deals/${encodeURIComponent(card.id)}/move?${view}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status: to }),
      });
      if (!res.ok) throw new Error(await failureOf(res));
      const answer = (await checks).moveAnswerSchema.parse(await res.json());
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused.dataset.dealId === card.id)
        refocus.current = card.id;
      setColumns((current) => applyMove(current, answer.move, answer.totals, sort));
      setNotice(`Deal ${card.title} moved to ${label(to)}.`);
    } catch (error) {
      // The card stays where it was: nothing moved on the server.
      toast.error("Failed to move the deal", reasonOf(error));
      setNotice(`Failed to move the deal ${card.title}. It stays in ${label(card.status)}.`);
    } finally {
      setSaving((s) => {
        const next = new Set(s);
        next.delete(card.id);
        return next;
      });
    }
  };

  const onDragStart = (event: DragStartEvent) => setActive(cardById(event.active.id) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const card = cardById(event.active.id);
    const to = statusOfColumn(event.over?.id);
    if (card && to && to !== card.status) void move(card, to);
  };

  const showMore = async (column: BoardColumn) => {
    setLoadingMore(column.status);
    try {
      const params = new URLSearchParams(view);
      params.set("column", column.status);
      params.set("offset", String(column.cards.length));
      const checks = answers.load();
      const res = await fetch(`/api/deals/column?${params}`);
      if (!res.ok) throw new Error(await failureOf(res));
      const page = (await checks).columnPageAnswerSchema.parse(await res.json());
      setColumns((current) => appendPage(current, page));
    } catch (error) {
      toast.error("Failed to load deals", reasonOf(error));
    } finally {
      setLoadingMore(null);
    }
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "Press Enter to open the deal. To move it to another column, press Space to pick it up, the arrow keys to choose the column, and Space to drop it there or Escape to cancel.",
        },
      }}
    >
      {/* relative: the columns' visually hidden labels are absolutely placed; with no positioned
          box around them they escaped this scroller and widened the whole page on a phone. */}
      <div
        ref={board}
        className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0 lg:snap-none"
        data-testid="deals-board"
      >
        {columns.map((column) => (
          <Column
            key={column.status}
            column={column}
            saving={saving}
            loadingMore={loadingMore === column.status}
            onShowMore={() => void showMore(column)}
            onOpen={(href) => void navigate(href)}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? <DealCardOverlay card={active} /> : null}
      </DragOverlay>
      <p className="sr-only" role="status" aria-live="polite">
        {notice}
      </p>
    </DndContext>
  );
}

function Column({
  column,
  saving,
  loadingMore,
  onShowMore,
  onOpen,
}: {
  column: BoardColumn;
  saving: ReadonlySet<string>;
  loadingMore: boolean;
  onShowMore: () => void;
  onOpen: (href: string) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(column.status) });
  const hydrated = useHydrated();
  const headingId = `deal-column-${column.status}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`deal-column-${column.status}`}
      className={`flex w-[82vw] max-w-xs flex-none snap-start flex-col rounded-2xl border bg-slate-50 p-3 sm:w-72 lg:w-auto lg:max-w-none lg:min-w-[11rem] lg:flex-1 dark:bg-slate-900/50 ${isOver ? "border-brand-500 ring-2 ring-brand-500/40" : "border-slate-200 dark:border-slate-800"}`}
    >
      <header className="mb-3">
        <div className="flex items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold text-slate-900 dark:text-slate-100">
            {label(column.status)}
          </h3>
          <span
            className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-200"
            data-testid="column-count"
          >
            {column.count.toLocaleString("en-US")}
            <span className="sr-only">{column.count === 1 ? " deal" : " deals"}</span>
          </span>
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600 tabular-nums dark:text-slate-400">
          <div className="flex gap-1">
            <dt>Value</dt>
            <dd
              className="font-medium text-slate-800 dark:text-slate-200"
              data-testid="column-value"
            >
              {formatCents(column.valueCents, { whole: true })}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Monthly</dt>
            <dd
              className="font-medium text-slate-800 dark:text-slate-200"
              data-testid="column-monthly"
            >
              {formatCents(column.monthlyRevenueCents, { whole: true })}
            </dd>
          </div>
        </dl>
      </header>
      {column.cards.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-3 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          No deals
        </p>
      ) : (
        <ul className="space-y-2" aria-label={`${label(column.status)} deals`}>
          {(hydrated ? column.cards : column.cards.slice(0, SERVER_CARDS)).map((card) => (
            <DraggableDealCard
              key={card.id}
              card={card}
              saving={saving.has(card.id)}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
      {column.hasMore ? (
        <Button
          variant="secondary"
          className="mt-3 w-full"
          onClick={onShowMore}
          disabled={loadingMore}
          aria-label={`Show more ${label(column.status)} deals`}
        >
          {loadingMore ? "Loading..." : "Show more"}
        </Button>
      ) : null}
    </section>
  );
}
