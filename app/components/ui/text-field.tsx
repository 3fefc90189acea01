import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from "react";

/** The look of every text control (inputs, textareas, a combobox built on an input). */
export const FIELD_CONTROL =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 dark:placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 aria-invalid:border-red-500 read-only:border-dashed read-only:bg-slate-50 read-only:text-slate-600 read-only:shadow-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:read-only:bg-slate-800/60 dark:read-only:text-slate-300";

/** A field's help text, under its control. */
export const FIELD_HINT = "mt-1.5 text-xs text-slate-500 dark:text-slate-400";

type FieldProps = {
  label: string;
  name: string;
  error?: string | undefined;
  /** A short help text under the control, read out with the field. */
  hint?: ReactNode;
};

/** The label, hint and error around one control, tied to it for screen readers. */
function Field({
  label,
  error,
  hint,
  className,
  children,
}: Omit<FieldProps, "name"> & {
  className: string;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      {children({ id, describedBy: describedBy || undefined })}
      {/* Under the control, not between it and its label: fields side by side keep their
          labels and their boxes in line whether or not one of them has a hint. */}
      {hint ? (
        <p id={hintId} className={FIELD_HINT}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input whose error is announced and tied to the field for screen readers. */
export function TextField({
  label,
  error,
  hint,
  className = "",
  ...input
}: InputHTMLAttributes<HTMLInputElement> & FieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={FIELD_CONTROL}
          {...input}
        />
      )}
    </Field>
  );
}

/** The multi-line twin of TextField; `controlClassName` adds to the box (e.g. a monospace font). */
export function TextareaField({
  label,
  error,
  hint,
  className = "",
  controlClassName = "",
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps & { controlClassName?: string }) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${FIELD_CONTROL} ${controlClassName}`}
          {...textarea}
        />
      )}
    </Field>
  );
}
