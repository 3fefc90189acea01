import type { ReactNode } from "react";

const TONES = {
  // A failure the person must read: announced by screen readers as it appears.
  error: {
    role: "alert",
    className:
      "border-red-200 bg-red-50 text-red-700 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-300",
  },
  // A confirmation: announced politely.
  success: {
    role: "status",
    className:
      "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900/60 dark:bg-emerald-950/50 dark:text-emerald-300",
  },
} as const;

type AlertProps = { children: ReactNode; className?: string };

function Alert({ tone, children, className = "" }: AlertProps & { tone: keyof typeof TONES }) {
  return (
    <p
      role={TONES[tone].role}
      className={`rounded-lg border px-4 py-3 text-sm ${TONES[tone].className} ${className}`}
    >
      {children}
    </p>
  );
}

/** A red box for a failure. */
export const ErrorAlert = (props: AlertProps) => <Alert tone="error" {...props} />;

/** A green box for a confirmation. */
export const SuccessAlert = (props: AlertProps) => <Alert tone="success" {...props} />;

/** A link inside an alert: the alert's own colour, underlined, so it reads on red and on green. */
export const ALERT_LINK = "font-medium underline underline-offset-2";
