import type { ReactNode } from "react";
import { SearchX } from "#app/components/ui/icons.ts";
import { Button } from "./button.tsx";
import { Icon, type IconComponent } from "./icon.tsx";
import type { ListToolbarState } from "./list-toolbar.tsx";

/**
 * What a list shows when it has nothing to show: what happened, and the action that helps
 * ("Clear search and filters", "Create your first deal"), so the agent is never left at a dead end.
 */
export function EmptyState(props: {
  title: string;
  description?: ReactNode;
  icon?: IconComponent;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
      <span className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <Icon icon={props.icon ?? SearchX} className="size-6" />
      </span>
      <p className="font-semibold text-slate-900 dark:text-slate-100">{props.title}</p>
      {props.description ? (
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{props.description}</p>
      ) : null}
      {props.action ? <div className="mt-2">{props.action}</div> : null}
    </div>
  );
}

/**
 * The empty state of a filtered list: when a search or filter is what emptied it, the way out is
 * one click away. Focus goes to the search box (or the first filter) that the clear just emptied.
 */
export function FilteredEmptyState({
  title,
  description,
  toolbar,
}: {
  title: string;
  description?: ReactNode;
  toolbar: ListToolbarState;
}) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        toolbar.filtered ? (
          <Button
            variant="secondary"
            onClick={(event) => {
              // The button disappears with the empty list; focus follows to the list's toolbar.
              const main = event.currentTarget.closest("main");
              toolbar.clear();
              main?.querySelector<HTMLElement>("input[type=search], select")?.focus();
            }}
          >
            {/* Not "Clear Filters": that is the toolbar's own button, still on screen. */}
            Clear search and filters
          </Button>
        ) : null
      }
    />
  );
}
