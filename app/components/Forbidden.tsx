import type { ReactNode } from "react";

/**
 * What a signed-in person turned away from a page reads: the server's refusal and what to do
 * about it. The portal's admin screens show it under the shell's own heading (h2); a page of the
 * public site, where it is the page's only heading, asks for an h1.
 */
export function Forbidden({
  message,
  hint,
  heading: Heading = "h2",
  children,
}: {
  message: string;
  hint: string;
  heading?: "h1" | "h2";
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">403</p>
      <Heading className="mt-2 text-2xl font-bold tracking-tight">{message}</Heading>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{hint}</p>
      {children}
    </main>
  );
}
