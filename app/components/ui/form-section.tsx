import { type ReactNode, useId } from "react";

/** A titled card of a record form (New Deal, New Customer): its fields in two columns from sm. */
export function FormSection(props: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={id} className="mb-4 text-lg font-semibold">
        {props.title}
      </h3>
      <div className="grid gap-5 sm:grid-cols-2">{props.children}</div>
    </section>
  );
}
