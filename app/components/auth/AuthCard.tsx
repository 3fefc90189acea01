import type { ReactNode } from "react";
import { Brand } from "#app/components/Brand.tsx";

/** The centred card every sign-in and recovery screen sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12 dark:bg-slate-950">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Brand />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-center text-2xl font-bold tracking-tight">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}

/** A quiet link under a form (another way in, back to sign-in). */
export const authLinkClass =
  "font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:underline dark:text-brand-300";
