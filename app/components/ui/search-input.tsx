import { type InputHTMLAttributes, useId } from "react";
import { Search } from "#app/components/ui/icons.ts";
import { SEARCH_MAX_LENGTH } from "#app/lib/search-text.ts";
import { Icon } from "./icon.tsx";

export function SearchInput({
  label,
  className = "",
  inputClassName = "",
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; inputClassName?: string }) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon
        icon={Search}
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="search"
        // The lists search at most this much (searchText()); a box that took more would search
        // less than it shows.
        maxLength={SEARCH_MAX_LENGTH}
        className={`w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900 ${inputClassName}`}
        {...input}
      />
    </div>
  );
}
