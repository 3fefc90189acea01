import type { ReactNode } from "react";
import { Icon, type IconComponent } from "#app/components/ui/icon.tsx";
import { Check } from "#app/components/ui/icons.ts";

/** A page section with the site's rhythm: an eyebrow, a heading and an optional lead. */
export function Section(props: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** Tints the band so neighbouring sections read apart. */
  tinted?: boolean;
  children?: ReactNode;
}) {
  const headingId = props.id ? `${props.id}-title` : undefined;
  return (
    <section
      id={props.id}
      aria-labelledby={headingId}
      className={`scroll-mt-20 py-20 sm:py-24 ${props.tinted ? "bg-slate-50 dark:bg-slate-900/50" : ""}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          {props.eyebrow ? (
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-400">
              {props.eyebrow}
            </p>
          ) : null}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            {props.title}
          </h2>
          {props.lead ? (
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{props.lead}</p>
          ) : null}
        </div>
        {props.children}
      </div>
    </section>
  );
}

export type Card = { icon: IconComponent; title: string; body: string; badge?: string };

/** A grid of icon cards (features, benefits, reasons). */
export function CardGrid({ cards, columns = 3 }: { cards: readonly Card[]; columns?: 2 | 3 | 4 }) {
  const grid = {
    2: "sm:grid-cols-2",
    3: "sm:grid-cols-2 lg:grid-cols-3",
    4: "sm:grid-cols-2 lg:grid-cols-4",
  }[columns];
  return (
    <ul className={`mt-12 grid gap-6 ${grid}`}>
      {cards.map((card) => (
        <li
          key={card.title}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-3">
            <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-400">
              <Icon icon={card.icon} />
            </span>
            {card.badge ? (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
                {card.badge}
              </span>
            ) : null}
          </div>
          <h3 className="mt-4 text-lg font-semibold">{card.title}</h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{card.body}</p>
        </li>
      ))}
    </ul>
  );
}

export type Step = { title: string; body: string };

/** Numbered steps in a row (how it works). */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li
          key={step.title}
          className="relative rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
        >
          <span className="grid size-9 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** The roadmap list shared by the landing page and the features page. */
export const COMING_SOON = [
  {
    title: "Quotes across 100+ carriers",
    body: "Regional carriers, MVNOs and IoT networks beside the big three.",
  },
  {
    title: "Fiber and broadband quoting",
    body: "Check availability and price business internet at the same address.",
  },
  {
    title: "UCaaS and VoIP flows",
    body: "Seats, numbers and porting in the same proposal as the wireless lines.",
  },
  {
    title: "Bill auditing engine",
    body: "Upload a year of bills and get every overcharge and unused line flagged.",
  },
  {
    title: "White-glove fulfilment",
    body: "We order, kit, activate and ship the devices under your brand.",
  },
] as const;

export function ComingSoonList() {
  return (
    <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {COMING_SOON.map((item) => (
        <li
          key={item.title}
          className="flex gap-3 rounded-xl border border-dashed border-slate-300 p-5 dark:border-slate-700"
        >
          <span className="mt-0.5 shrink-0 self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
            Soon
          </span>
          <div>
            <h3 className="font-semibold">{item.title}</h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{item.body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A list of short points, each with a green check. */
export function CheckList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-slate-700 dark:text-slate-300">
          <Icon
            icon={Check}
            className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
          />
          {item}
        </li>
      ))}
    </ul>
  );
}
