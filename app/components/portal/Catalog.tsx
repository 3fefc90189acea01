import type { ReactNode } from "react";
import type { Carrier } from "#app/lib/domain.ts";
import { CarrierBadge } from "./CarrierBadge.tsx";

/** The card grid of the catalog screens. */
export function CatalogGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={`grid gap-4 ${wide ? "sm:grid-cols-2" : "md:grid-cols-2"} xl:grid-cols-3`}>
      {children}
    </div>
  );
}

/** A catalog card: the carrier on the left of its header, something about the item on the right. */
export function CatalogCard(props: {
  label: string;
  carrier: Carrier;
  aside: ReactNode;
  highlighted?: boolean;
  children: ReactNode;
}) {
  return (
    <article
      aria-label={props.label}
      className={`flex flex-col rounded-2xl border bg-white p-5 shadow-sm dark:bg-slate-900 ${
        props.highlighted
          ? "border-brand-500 ring-2 ring-brand-500/30"
          : "border-slate-200 dark:border-slate-800"
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <CarrierBadge carrier={props.carrier} />
        {props.aside}
      </div>
      {props.children}
    </article>
  );
}

/**
 * What a list says when nothing matches (the spec's texts). Kept for the admin screens; catalog
 * lists use ui/empty-state.tsx, which offers the way out ("Clear filters").
 */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="py-16 text-center text-slate-500 dark:text-slate-400">{children}</div>;
}
