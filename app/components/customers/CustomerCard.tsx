import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { Mail, MapPin, Phone } from "#app/components/ui/icons.ts";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { CustomerCardView } from "#app/lib/customer-card.ts";
import { formatDate } from "#app/lib/format.ts";

/**
 * One card of the customer grid (spec): name, assignee, company, email and phone links, city and
 * state, Added date. The whole card opens the customer; its mail and phone links stay their own.
 */
export function CustomerCard({ customer }: { customer: CustomerCardView }) {
  const place = [customer.city, customer.state].filter(Boolean).join(", ");
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {/* The name and company are cut to the card's width. The card's link lies over both
              (the whole card opens the customer), so its title is what the pointer finds there:
              it holds both, whole. */}
          <h3 className="truncate text-base font-semibold">
            <Link
              to={`/dashboard/customers/${customer.id}`}
              title={`${customer.name} · ${customer.companyName}`}
              className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none"
            >
              {customer.name}
            </Link>
          </h3>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">
            {customer.companyName}
          </p>
        </div>
        <span className="max-w-[45%] shrink-0 truncate rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {customer.assignee ?? "Unassigned"}
        </span>
      </div>
      <ul className="space-y-1.5 text-sm">
        {customer.email ? (
          <li className="flex min-w-0 items-center gap-2">
            <Icon icon={Mail} className="size-4 shrink-0 text-slate-400" />
            <a
              href={`mailto:${customer.email}`}
              title={customer.email}
              // min-w-0: a flex item is otherwise as wide as its text, and a long address made
              // the card, and the page on a phone, that wide.
              className="relative z-10 min-w-0 truncate text-brand-700 hover:underline dark:text-brand-400"
            >
              {customer.email}
            </a>
          </li>
        ) : null}
        {customer.phone ? (
          <li className="flex items-center gap-2">
            <Icon icon={Phone} className="size-4 shrink-0 text-slate-400" />
            <a
              href={`tel:${customer.phone.replace(/[^\d+]/g, "")}`}
              className="relative z-10 text-brand-700 hover:underline dark:text-brand-400"
            >
              {customer.phone}
            </a>
          </li>
        ) : null}
        {place ? (
          <li className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <Icon icon={MapPin} className="size-4 shrink-0 text-slate-400" />
            {place}
          </li>
        ) : null}
      </ul>
      <p className="mt-auto text-xs text-slate-500 dark:text-slate-400">
        Added <LocalTime date={customer.createdAt} format={formatDate} />
      </p>
    </article>
  );
}
