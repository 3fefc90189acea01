import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "#app/components/ui/icons.ts";
import type { SortState } from "#app/lib/schemas/sort.ts";
import { Button } from "./button.tsx";
import { ariaSort, type ColumnPriority, isCut, PRIORITY_CLASSES } from "./data-table-model.ts";
import { Icon } from "./icon.tsx";
import { Select } from "./select.tsx";
import { TableSkeleton } from "./skeleton.tsx";
import { Tooltip } from "./tooltip.tsx";
import { useScrollEdges } from "./use-scroll-edges.ts";

export type DataColumn<Row, Key extends string = string> = {
  readonly key: Key;
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** 1 (the default) always shows; 2 to 4 fold into the primary cell as room runs out. */
  readonly priority?: ColumnPriority;
  /** The row's title: first on a card, and where the folded columns' values go. One a table. */
  readonly primary?: boolean;
  /** The row's buttons: at the foot of a card, full width, without a label. */
  readonly actions?: boolean;
  readonly sortable?: boolean;
  /** Widths or alignment for the column's header and cells ("w-44", "whitespace-nowrap"). */
  readonly className?: string;
};

export type TableSort<Key extends string> = {
  readonly state: SortState<Key>;
  readonly onSort: (column: Key) => void;
};

// Rows become cards below 40rem of container (see data-table-model.ts). What repeats on every
// row and cell is one class defined in app.css; the rest appears once a table.
const CARD = {
  frame:
    "@max-[40rem]:overflow-visible @max-[40rem]:rounded-none @max-[40rem]:border-0 @max-[40rem]:bg-transparent @max-[40rem]:shadow-none dark:@max-[40rem]:bg-transparent",
  table: "@max-[40rem]:block",
  body: "@max-[40rem]:grid @max-[40rem]:gap-3 @max-[40rem]:divide-y-0",
  row: "dt-row",
  cell: "dt-cell",
  primary: "dt-primary",
  actions: "dt-actions",
};

/**
 * A list's table: a header that stays in view while the page scrolls, columns that fold away by
 * priority as the room narrows, rows that become cards on a phone, sortable headers with
 * aria-sort, and a shadow at an edge where more of the table scrolls sideways. Laid out by
 * container queries, so the server's HTML already fits; scripts only add the sticky header and
 * the shadows once they have measured.
 */
export function DataTable<Row, Key extends string = string>(props: {
  /** The table's accessible name ("Certified devices"). */
  label: string;
  columns: readonly DataColumn<Row, Key>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  sort?: TableSort<Key>;
  /** New rows are on their way: the old ones keep their place under grey bars. */
  loading?: boolean;
  /** Shown under the headings when there are no rows. */
  empty?: ReactNode;
}) {
  const { columns, rows, sort, loading = false } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const edges = useScrollEdges(scroller, table);
  // Clipped (not scrolled), the box is no scroll container, so the header can stick
  // below the portal's 4rem header as the page scrolls. Until measured, and whenever the table
  // is wider than its box, the box scrolls sideways instead and its edges cast shadows.
  const sticky = edges !== null && !edges.overflows;
  const folding = useMemo(() => columns.filter((c) => (c.priority ?? 1) > 1), [columns]);
  const { rowKey } = props;
  // The rows are the page's bulk (a devices page is 50 rows of 9 cells): drawn once, not again
  // when the first measurement above turns the sticky header on.
  const body = useMemo(
    () => (
      <>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={`align-top hover:bg-slate-50 dark:hover:bg-slate-800/40 ${CARD.row}`}
          >
            {columns.map((column) => {
              const value = column.cell(row);
              return (
                <td
                  key={column.key}
                  // A card shows each value's heading before it, drawn by CSS so that the
                  // cell's text stays the value alone (screen readers hear the heading too).
                  data-label={column.primary || column.actions ? undefined : column.header}
                  className={`${PRIORITY_CLASSES[column.priority ?? 1].cell} ${column.primary ? CARD.primary : column.actions ? CARD.actions : CARD.cell} ${column.className ?? ""}`}
                >
                  {/* Plain text needs no box of its own: on a card it is the grid's second
                      item as it is (a devices page has 400 such cells). Elements get a box
                      that may shrink, so that a value cut to one line can be cut. */}
                  {isText(value) && !column.primary ? (
                    value
                  ) : (
                    <div className={column.primary ? "min-w-0 font-medium" : "min-w-0"}>
                      {value}
                    </div>
                  )}
                  {column.primary ? <Folded columns={folding} row={row} /> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </>
    ),
    [rows, columns, folding, rowKey],
  );
  return (
    <div className="@container relative" aria-busy={loading}>
      {sort ? <CardSort columns={columns} sort={sort} /> : null}
      <div
        ref={scroller}
        className={`relative rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${sticky ? "overflow-clip" : "overflow-x-auto"} ${CARD.frame}`}
        // A box that scrolls sideways must be reachable by keyboard, and say what it holds.
        {...(edges?.overflows ? { role: "region", "aria-label": props.label, tabIndex: 0 } : {})}
      >
        <table
          ref={table}
          aria-label={props.label}
          className={`w-full text-left text-sm ${CARD.table}`}
        >
          <thead
            ref={head}
            className={`${sticky ? "sticky top-16" : ""} z-10 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase shadow-[inset_0_-1px_0_var(--color-slate-200)] dark:bg-slate-900 dark:text-slate-400 dark:shadow-[inset_0_-1px_0_var(--color-slate-800)] @max-[40rem]:sr-only`}
          >
            <tr className="dark:bg-slate-800/50">
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sort && column.sortable ? ariaSort(sort.state, column.key) : undefined}
                  className={`px-2.5 py-2.5 align-bottom font-semibold ${PRIORITY_CLASSES[column.priority ?? 1].header} ${column.className ?? ""}`}
                >
                  {sort && column.sortable ? (
                    <>
                      <SortButton column={column} sort={sort} />
                      {/* Cards sort from their own bar: the hidden header keeps its name but
                          offers no invisible button to the keyboard. */}
                      <span className="hidden @max-[40rem]:inline">{column.header}</span>
                    </>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            className={`divide-y divide-slate-200 dark:divide-slate-800 ${CARD.body} ${loading ? "invisible" : ""}`}
          >
            {body}
          </tbody>
        </table>
        {loading ? (
          <TableSkeleton
            rows={Math.max(rows.length, 8)}
            top={`${head.current?.offsetHeight ?? 0}px`}
          />
        ) : null}
        {rows.length === 0 && !loading && props.empty ? (
          <div className="p-4 @max-[40rem]:p-0">{props.empty}</div>
        ) : null}
      </div>
      {edges?.start ? <EdgeShadow edge="start" /> : null}
      {edges?.end ? <EdgeShadow edge="end" /> : null}
    </div>
  );
}

function isText(value: ReactNode): value is string | number {
  return typeof value === "string" || typeof value === "number";
}

/** The shade over an edge of the table's box behind which more of the table waits. */
function EdgeShadow({ edge }: { edge: "start" | "end" }) {
  const side =
    edge === "start"
      ? "left-px rounded-l-2xl bg-linear-to-r"
      : "right-px rounded-r-2xl bg-linear-to-l";
  return (
    <div
      aria-hidden="true"
      data-testid={`scroll-shadow-${edge}`}
      className={`pointer-events-none absolute inset-y-px z-20 w-8 from-slate-900/15 to-transparent dark:from-black/60 ${side}`}
    />
  );
}

function SortButton<Row, Key extends string>({
  column,
  sort,
}: {
  column: DataColumn<Row, Key>;
  sort: TableSort<Key>;
}) {
  const state = ariaSort(sort.state, column.key);
  const icon = state === "ascending" ? ArrowUp : state === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={() => sort.onSort(column.key)}
      className="group inline-flex items-center gap-1 text-left font-semibold uppercase hover:text-slate-900 dark:hover:text-white @max-[40rem]:hidden"
    >
      {column.header}
      <Icon
        icon={icon}
        className={`size-3.5 flex-none ${state === "none" ? "opacity-0 group-hover:opacity-70 group-focus-visible:opacity-70" : ""}`}
      />
    </button>
  );
}

/**
 * On cards there are no headers to click: the same sort is chosen here, a column and a way. The
 * choices go through `onSort`, so another column starts ascending and the same one flips.
 */
function CardSort<Row, Key extends string>({
  columns,
  sort,
}: {
  columns: readonly DataColumn<Row, Key>[];
  sort: TableSort<Key>;
}) {
  const options = columns.filter((c) => c.sortable).map((c) => ({ value: c.key, label: c.header }));
  const { column, dir } = sort.state;
  return (
    <div className="mb-3 hidden items-end gap-2 @max-[40rem]:flex">
      <Select
        label="Sort by"
        value={column}
        onChange={(e) => {
          const chosen = columns.find((c) => c.key === e.target.value);
          if (chosen) sort.onSort(chosen.key);
        }}
        options={options}
        className="min-w-0 flex-1"
      />
      <Button
        variant="secondary"
        className="flex-none"
        onClick={() => sort.onSort(column)}
        aria-label={
          dir === "asc" ? "Sorted ascending; sort descending" : "Sorted descending; sort ascending"
        }
      >
        <Icon icon={dir === "asc" ? ArrowUp : ArrowDown} className="size-4" />
        {dir === "asc" ? "Ascending" : "Descending"}
      </Button>
    </div>
  );
}

/** The values of the folded columns, under the row's title, each shown only while folded. */
function Folded<Row, Key extends string>({
  columns,
  row,
}: {
  columns: readonly DataColumn<Row, Key>[];
  row: Row;
}) {
  if (columns.length === 0) return null;
  return (
    <div className="text-xs text-slate-600 dark:text-slate-400">
      {columns.map((column) => (
        // One element a value, its heading drawn by CSS as a card's are: a devices page folds
        // five columns on each of its 50 rows, and at three elements a value these copies were
        // a seventh of the page's server rendering.
        <div
          key={column.key}
          data-label={column.header}
          className={`dt-folded ${PRIORITY_CLASSES[column.priority ?? 1].folded}`}
        >
          {column.cell(row)}
        </div>
      ))}
    </div>
  );
}

// One observer for every cell that may be cut short: a table has hundreds.
let cutObserver: ResizeObserver | null = null;
const cutChecks = new WeakMap<Element, () => void>();

function watchCut(element: HTMLElement, onChange: (cut: boolean) => void): () => void {
  cutObserver ??= new ResizeObserver((entries) => {
    for (const entry of entries) cutChecks.get(entry.target)?.();
  });
  const check = () => onChange(isCut(element));
  cutChecks.set(element, check);
  cutObserver.observe(element);
  check();
  return () => {
    cutObserver?.unobserve(element);
    cutChecks.delete(element);
  };
}

/**
 * A value kept to one line in the table (at most `className`'s max width) and shown whole on
 * hover and on keyboard focus when it is cut: the text then becomes focusable (a link already
 * is). On a card it wraps instead, since there is room below and no hover on a phone.
 */
export function CellText({
  text,
  href,
  className = "",
}: {
  text: string;
  href?: string;
  /** A max width such as "max-w-56"; without one the column's auto width decides. */
  className?: string;
}) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [cut, setCut] = useState(false);
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text may cut differently in the same box
  useEffect(() => (node ? watchCut(node, setCut) : undefined), [node, text]);
  const classes = `block truncate ${className} @max-[40rem]:max-w-none @max-[40rem]:whitespace-normal @max-[40rem]:[overflow-wrap:anywhere]`;
  // Radix closes a tooltip when the page scrolls, and focusing a cell below the fold scrolls it
  // into view: while the value has the focus, the tooltip stays until Escape or blur.
  const focus = {
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "Escape") setFocused(false);
    },
  };
  return (
    <Tooltip content={text} side="top" open={cut && (pointed || focused)} onOpenChange={setPointed}>
      {href ? (
        <a
          ref={setNode}
          href={href}
          className={`${classes} text-brand-600 hover:underline dark:text-brand-400`}
          {...focus}
        >
          {text}
        </a>
      ) : (
        <span ref={setNode} tabIndex={cut ? 0 : undefined} className={classes} {...focus}>
          {text}
        </span>
      )}
    </Tooltip>
  );
}
