import { type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigationType } from "react-router";
import { SlidersHorizontal, X } from "#app/components/ui/icons.ts";
import type { FilterChanges, UrlFilters } from "#app/lib/use-url-filters.ts";
import { Button } from "./button.tsx";
import { Icon } from "./icon.tsx";
import {
  type ActiveFilter,
  activeFilters,
  clearChanges,
  directionToggle,
  type ListToolbarSpec,
  type SelectField,
  type SortDirection,
  type SortField,
  searchBoxText,
  searchKeyOf,
  selectChange,
  selectedValue,
  sortDirection,
} from "./list-toolbar-model.ts";
import { SearchInput } from "./search-input.tsx";
import { Select } from "./select.tsx";
import { Sheet } from "./sheet.tsx";

export type * from "./list-toolbar-model.ts";

/** The search answers 300 ms after the last key (portal spec), not on every key. */
const SEARCH_DEBOUNCE_MS = 300;

export type ListToolbarState = {
  readonly spec: ListToolbarSpec;
  /** The search box's text as typed; the URL follows it once the typing stops. */
  readonly text: string;
  readonly setText: (text: string) => void;
  readonly valueOf: (field: SelectField | SortField) => string;
  readonly direction: SortDirection;
  readonly active: readonly ActiveFilter[];
  /** Anything to clear: a filter, or search text (typed or in the URL). */
  readonly filtered: boolean;
  readonly choose: (field: SelectField | SortField, value: string) => void;
  readonly toggleDirection: () => void;
  readonly remove: (key: string) => void;
  readonly clear: () => void;
};

/**
 * The state of a list screen's toolbar, kept in the URL. It writes through the screen's own
 * `useUrlFilters()`, so that the screen's other URL changes (a column's sort, plans compared) and
 * the toolbar's build on one another while a navigation is still on its way. A screen that
 * filters in the browser can read `text` to answer while the agent types.
 */
export function useListToolbar(
  spec: ListToolbarSpec,
  { params, update }: UrlFilters,
): ListToolbarState {
  const searchKey = spec.search ? searchKeyOf(spec.search) : null;
  const urlText = searchBoxText(spec.search, params);
  const [text, setText] = useState(urlText);
  // Only back and forward may change the box; a search of its own still loading must not reset
  // what the agent has typed since.
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL's search only
  useEffect(() => {
    if (navigationType === "POP") setText(urlText);
  }, [urlText]);
  useEffect(() => {
    if (searchKey === null || text.trim() === urlText) return;
    const timer = window.setTimeout(
      () => update({ [searchKey]: text.trim() }, spec.resets),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  });

  const change = (changes: FilterChanges) => update(changes, spec.resets);
  const active = activeFilters(spec, params);
  return {
    spec,
    text,
    setText,
    valueOf: (field) => selectedValue(field, params),
    direction: spec.sort ? sortDirection(spec.sort, params) : "asc",
    active,
    filtered: active.length > 0 || text.trim() !== "" || urlText !== "",
    choose: (field, value) => change(selectChange(field, value)),
    toggleDirection: () => {
      if (spec.sort) change(directionToggle(spec.sort, params));
    },
    remove: (key) => change({ [key]: "" }),
    clear: () => {
      setText("");
      change(clearChanges(spec));
    },
  };
}

/**
 * A list screen's search, filters, sort, active filters and Clear Filters, drawn from the
 * screen's spec. The search takes the room its placeholder needs; when the selects no longer fit
 * beside it they move, together, to the next line. On a phone they wait in a sheet behind a
 * Filters button instead, so the results start above the fold; the active filters stay in view.
 */
export function ListToolbar({
  toolbar,
  actions,
}: {
  toolbar: ListToolbarState;
  /** The screen's own buttons or links (export, import, documentation), at the row's end. */
  actions?: ReactNode;
}) {
  const { spec } = toolbar;
  const { search } = spec;
  const root = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const hasControls = (spec.filters ?? []).length > 0 || spec.sort !== undefined;
  // A removed chip or a disabled Clear Filters would drop the keyboard's focus on the page's
  // body; it goes to the control that now shows the change instead (on a phone, where that
  // control waits in the sheet, to the Filters button).
  const focusControl = (key: string | undefined) => {
    if (key === undefined) return;
    const control = root.current?.querySelector<HTMLElement>(`[name="${CSS.escape(key)}"]`);
    if (control?.checkVisibility()) control.focus();
    else opener.current?.focus();
  };
  const remove = (key: string) => {
    toolbar.remove(key);
    focusControl(key);
  };
  const clear = () => {
    toolbar.clear();
    focusControl(search ? searchKeyOf(search) : spec.filters?.[0]?.key);
  };
  return (
    <div ref={root} className="mb-6 space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        {search ? (
          <div
            className="min-w-0 flex-[999_1_auto] text-sm"
            // Wide enough for the whole placeholder where the row allows it.
            style={{ flexBasis: `max(14rem, ${search.placeholder.length}ch + 3rem)` }}
          >
            <SearchInput
              name={searchKeyOf(search)}
              label={search.label}
              placeholder={search.placeholder}
              value={toolbar.text}
              onChange={(e) => toolbar.setText(e.target.value)}
              // A long placeholder still fits a phone's full-width box.
              inputClassName="max-sm:placeholder:text-xs"
            />
          </div>
        ) : null}
        {hasControls ? (
          <Button
            ref={opener}
            variant="secondary"
            className="flex-none sm:hidden"
            aria-haspopup="dialog"
            onClick={() => setSheetOpen(true)}
          >
            <Icon icon={SlidersHorizontal} className="size-4" />
            Filters
            {toolbar.active.length > 0 ? (
              <span className="rounded-full bg-brand-600 px-1.5 text-xs leading-5 text-white">
                {toolbar.active.length}
                <span className="sr-only"> active</span>
              </span>
            ) : null}
          </Button>
        ) : null}
        <div className="flex min-w-0 flex-[1_1_auto] flex-wrap items-end gap-3 max-sm:hidden">
          <FilterControls toolbar={toolbar} onClear={clear} />
        </div>
        {actions ? (
          <div className="ml-auto flex flex-wrap items-center gap-2">{actions}</div>
        ) : null}
      </div>
      <ActiveFilters toolbar={toolbar} onRemove={remove} />
      {hasControls ? (
        <FilterSheet
          toolbar={toolbar}
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          onClosed={() => opener.current?.focus()}
        />
      ) : null}
    </div>
  );
}

/** The selects, the sort's direction and Clear Filters: beside the search, or in the sheet. */
function FilterControls({ toolbar, onClear }: { toolbar: ListToolbarState; onClear: () => void }) {
  const { spec } = toolbar;
  const { sort } = spec;
  return (
    <>
      {(spec.filters ?? []).map((field) => (
        <ToolbarSelect key={field.key} field={field} toolbar={toolbar} />
      ))}
      {sort ? <ToolbarSelect field={sort} toolbar={toolbar} /> : null}
      {sort?.direction ? (
        <Button
          variant="secondary"
          className="flex-none"
          onClick={toolbar.toggleDirection}
          aria-label={
            toolbar.direction === "asc"
              ? "Sorted ascending; sort descending"
              : "Sorted descending; sort ascending"
          }
        >
          {toolbar.direction === "asc" ? "↑ Ascending" : "↓ Descending"}
        </Button>
      ) : null}
      {spec.clear ? (
        <Button
          variant="secondary"
          className="flex-none"
          onClick={onClear}
          disabled={!toolbar.filtered}
        >
          Clear Filters
        </Button>
      ) : null}
    </>
  );
}

/**
 * The filters on a phone. Each choice applies at once, as beside the search, and the list
 * reloads behind the sheet; "Show results" (or Escape, or the backdrop) closes it.
 */
function FilterSheet({
  toolbar,
  open,
  onOpenChange,
  onClosed,
}: {
  toolbar: ListToolbarState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gives the keyboard back to the Filters button. */
  onClosed: () => void;
}) {
  const body = useRef<HTMLDivElement>(null);
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title="Filters"
      widthClass="w-full sm:w-96"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        onClosed();
      }}
      actions={
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          aria-label="Close filters"
          className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
        >
          <Icon icon={X} />
        </button>
      }
    >
      <div ref={body} className="flex-1 overflow-y-auto px-4 py-5">
        <div className="flex flex-wrap items-end gap-3">
          <FilterControls
            toolbar={toolbar}
            // Clear Filters disables itself: the keyboard goes on from the first select.
            onClear={() => {
              toolbar.clear();
              body.current?.querySelector<HTMLElement>("select")?.focus();
            }}
          />
        </div>
      </div>
      <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <Button className="w-full" onClick={() => onOpenChange(false)}>
          Show results
        </Button>
      </div>
    </Sheet>
  );
}

function ToolbarSelect({
  field,
  toolbar,
}: {
  field: SelectField | SortField;
  toolbar: ListToolbarState;
}) {
  return (
    <Select
      name={field.key}
      label={field.label}
      value={toolbar.valueOf(field)}
      onChange={(e) => toolbar.choose(field, e.target.value)}
      options={field.options}
      // At least one width for every select, so that they line up and two share a phone's line,
      // and never narrower than the longest option ("Most Downloaded" was cut off).
      className="max-w-64 min-w-40 grow sm:min-w-44"
    />
  );
}

function ActiveFilters({
  toolbar,
  onRemove,
}: {
  toolbar: ListToolbarState;
  onRemove: (key: string) => void;
}) {
  const { active } = toolbar;
  const style = toolbar.spec.active;
  if (!style || active.length === 0) return null;
  if (style.style === "sentence") {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {style.prefix} {active.map((a) => a.label).join(", ")}
      </p>
    );
  }
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {active.map((filter) => (
        <li
          key={filter.key}
          className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-700 dark:bg-brand-700/20 dark:text-brand-100"
        >
          {filter.label}
          <button
            type="button"
            onClick={() => onRemove(filter.key)}
            aria-label={`Remove filter ${filter.label}`}
            className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-brand-700/40"
          >
            <Icon icon={X} className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
