import { type SelectHTMLAttributes, useId } from "react";

type Option = { value: string; label: string };

/** A labelled native select: keyboard and screen readers work everywhere, also before JS loads. */
export function Select({
  label,
  options,
  hideLabel = false,
  className = "",
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly Option[];
  hideLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={
          hideLabel
            ? "sr-only"
            : "mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400"
        }
      >
        {label}
      </label>
      <select
        id={id}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
