import { type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigationType } from "react-router";
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
  searchKeyOf,
  selectChange,
  selectedValue,
  sortDirection,
} from "./list-toolbar-model.ts";
import { SearchInput } from "./search-input.tsx";
import { Select } from "./select.tsx";

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
  const urlText = searchKey === null ? "" : (params.get(searchKey) ?? "");
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
 * beside it they move, together, to the next line, and there wrap two to a line on a phone.
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
  const { search, sort } = spec;
  const root = useRef<HTMLDivElement>(null);
  // A removed chip or a disabled Clear Filters would drop the keyboard's focus on the page's
  // body; it goes to the control that now shows the change instead.
  const focusControl = (key: string | undefined) => {
    if (key === undefined) return;
    root.current?.querySelector<HTMLElement>(`[name="${CSS.escape(key)}"]`)?.focus();
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
        <div className="flex min-w-0 flex-[1_1_auto] flex-wrap items-end gap-3">
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
              onClick={clear}
              disabled={!toolbar.filtered}
            >
              Clear Filters
            </Button>
          ) : null}
        </div>
        {actions ? (
          <div className="ml-auto flex flex-wrap items-center gap-2">{actions}</div>
        ) : null}
      </div>
      <ActiveFilters toolbar={toolbar} onRemove={remove} />
    </div>
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
      // One width for every select, so that they line up and two share a phone's line.
      className="w-40 min-w-0 max-w-64 grow sm:w-44"
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
            <Icon name="close" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
