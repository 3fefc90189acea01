import * as Dialog from "@radix-ui/react-dialog";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { CircleUser, Search } from "#app/components/ui/icons.ts";
import { ToolIcon } from "#app/components/ui/tool-icon.tsx";
import { useReturnFocus } from "#app/components/ui/use-return-focus.ts";
import type { Viewer } from "#app/lib/access.ts";
import {
  flatItems,
  type PaletteGroup,
  type PaletteItem,
  paletteGroups,
} from "#app/lib/command-palette.ts";

/** How long typing pauses before the palette asks the server for customers and deals. */
const RECORD_SEARCH_DELAY_MS = 150;

function ItemIcon({ item }: { item: PaletteItem }) {
  if (item.icon === "user") return <Icon icon={CircleUser} className="size-5 shrink-0" />;
  return <ToolIcon name={item.icon} className="size-5 shrink-0" />;
}

/**
 * Jump to any tool from the keyboard: a combobox over a grouped listbox (the WAI-ARIA pattern),
 * the arrows move, Enter opens, Escape closes and returns focus to where it was.
 */
export default function CommandPaletteDialog({
  viewer,
  open,
  onOpenChange,
}: {
  viewer: Viewer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  // Opened by the header's button or Ctrl+K from anywhere (the sidebar's search box), never by a
  // Dialog.Trigger: Escape gives focus back to that element, not to the page's body.
  const returnFocus = useReturnFocus();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const baseId = useId();
  const listId = `${baseId}-list`;
  // Customers and deals come from the server, for the text typed (never another company's).
  const records = useFetcher<{ q: string; groups: PaletteGroup[] }>();
  const { load } = records;
  useEffect(() => {
    const q = query.trim();
    if (!open || q.length < 2) return;
    const timer = setTimeout(
      () => void load(`/dashboard/search?${new URLSearchParams({ q })}`),
      RECORD_SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [open, query, load]);
  const recordGroups = records.data?.q === query.trim() ? records.data.groups : [];
  const groups = [...paletteGroups(viewer, query), ...recordGroups];
  const items = flatItems(groups);
  const activeItem = items[Math.min(active, items.length - 1)];
  // Ids are single tokens: aria-labelledby and aria-activedescendant split on spaces.
  const token = (text: string) => text.replace(/[^a-zA-Z0-9-]/g, "-");
  const optionId = (item: PaletteItem) => `${baseId}-${token(item.id)}`;
  const headingId = (heading: string) => `${listId}-${token(heading)}`;

  // Each opening starts afresh.
  useEffect(() => {
    if (open) {
      setQuery("");
      setActive(0);
    }
  }, [open]);

  // Keeps the highlighted option in view while the arrows walk a long list.
  useEffect(() => {
    if (activeItem)
      document.getElementById(optionId(activeItem))?.scrollIntoView({ block: "nearest" });
  });

  const go = (item: PaletteItem) => {
    onOpenChange(false);
    navigate(item.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined && items.length > 0) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === "Enter" && activeItem) {
      event.preventDefault();
      go(activeItem);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className="fixed inset-x-4 top-[12vh] z-50 mx-auto flex max-h-[70vh] max-w-xl flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl focus:outline-none data-[state=open]:animate-[fade-in_150ms_ease-out] dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog.Title className="sr-only">Go to a tool</Dialog.Title>
          <div className="flex items-center gap-3 border-b border-slate-200 px-4 dark:border-slate-700">
            <Icon icon={Search} className="size-5 shrink-0 text-slate-400" />
            <input
              type="text"
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
              aria-label="Search tools, pages, customers and deals"
              placeholder="Search tools, customers, deals..."
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="h-14 w-full bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none dark:text-slate-100 dark:placeholder:text-slate-400"
            />
            <kbd className="hidden rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-500 sm:block dark:border-slate-600 dark:text-slate-400">
              Esc
            </kbd>
          </div>
          <div id={listId} role="listbox" aria-label="Results" className="overflow-y-auto p-2">
            {groups.map((group) => (
              // biome-ignore lint/a11y/useSemanticElements: an ARIA group of options in a listbox, not a form's fieldset
              <div key={group.heading} role="group" aria-labelledby={headingId(group.heading)}>
                <div
                  id={headingId(group.heading)}
                  role="presentation"
                  className="px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400"
                >
                  {group.heading}
                </div>
                {group.items.map((item) => {
                  const selected = item === activeItem;
                  return (
                    // The input keeps focus and answers the keys (aria-activedescendant); the
                    // mouse picks an option directly.
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard
                    <div
                      key={item.id}
                      id={optionId(item)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={selected}
                      onClick={() => go(item)}
                      onMouseMove={() => setActive(items.indexOf(item))}
                      className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ${
                        selected
                          ? "bg-brand-50 text-brand-800 dark:bg-brand-700/30 dark:text-white"
                          : "text-slate-700 dark:text-slate-200"
                      }`}
                    >
                      <ItemIcon item={item} />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-center gap-2 text-sm font-medium">
                          {item.label}
                        </span>
                        {item.detail ? (
                          <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                            {item.detail}
                          </span>
                        ) : null}
                      </span>
                    </div>
                  );
                })}
              </div>
            ))}
            {items.length === 0 ? (
              <p className="px-3 py-8 text-center text-sm text-slate-600 dark:text-slate-400">
                No results found
              </p>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
