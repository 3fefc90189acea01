import { useId } from "react";

const SELECT_CONTROL =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/** A labelled native select of a record form, with its error under it, as TextField has. */
export function SelectField(props: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  required?: boolean;
  busy?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={props.className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        required={props.required}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        aria-busy={props.busy || undefined}
        className={SELECT_CONTROL}
        {...(props.value !== undefined ? { value: props.value } : {})}
        {...(props.defaultValue !== undefined ? { defaultValue: props.defaultValue } : {})}
        onChange={(e) => props.onChange?.(e.currentTarget.value)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
