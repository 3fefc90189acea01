import { type ReactNode, useEffect, useId, useState } from "react";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import type { AccountAnswer } from "#app/lib/schemas/account.ts";

/** How long a success message stays (portal spec: cleared after 3 seconds). */
export const SUCCESS_MESSAGE_MS = 3000;

/** The latest answer of one form, shown for 3 s when it is a success and until the next try if not. */
export function useFlash(result: AccountAnswer | undefined): AccountAnswer | undefined {
  // Starts from the answer itself, so a page rendered on the server already shows it.
  const [shown, setShown] = useState<AccountAnswer | undefined>(result);
  useEffect(() => {
    setShown(result);
    if (!result?.ok) return;
    const timer = window.setTimeout(() => setShown(undefined), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [result]);
  return shown;
}

export function Flash({ result }: { result: AccountAnswer | undefined }) {
  if (!result) return null;
  return result.ok ? (
    <SuccessAlert className="py-2">{result.message}</SuccessAlert>
  ) : (
    <ErrorAlert className="py-2">{result.message}</ErrorAlert>
  );
}

export function Panel(props: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={id} className="text-lg font-semibold">
        {props.title}
      </h3>
      {props.description ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{props.description}</p>
      ) : null}
      <div className="mt-5">{props.children}</div>
    </section>
  );
}

export function Switch(props: {
  label: string;
  description: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {props.label}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600 dark:text-slate-400">
          {props.description}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${id}-description`}
        onChange={(event) => props.onChange?.(event.target.checked)}
        className="relative mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-slate-700 dark:checked:bg-brand-500"
      />
    </div>
  );
}

/** A six-digit code, from the authenticator app or texted. */
export function SixDigitCodeField(props: { label: string; disabled: boolean }) {
  return (
    <TextField
      label={props.label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      disabled={props.disabled}
    />
  );
}
