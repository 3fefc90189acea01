import type { ReactNode } from "react";

/** A failure the person must read: a red box announced by screen readers as it appears. */
export function ErrorAlert({
  children,
  className = "",
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <p
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-300 ${className}`}
    >
      {children}
    </p>
  );
}

/** A confirmation: a green box announced politely as it appears. */
export function SuccessAlert({
  children,
  className = "",
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <p
      role="status"
      className={`rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:border-emerald-900/60 dark:bg-emerald-950/50 dark:text-emerald-300 ${className}`}
    >
      {children}
    </p>
  );
}
