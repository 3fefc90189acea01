import { type ReactNode, useId } from "react";
import { CarrierBadge } from "#app/components/portal/CarrierBadge.tsx";
import { formatCents, formatIsoDate } from "#app/lib/format.ts";
import type { QuoteDraft } from "#app/lib/quote-draft.ts";
import type { QuoteItem, QuoteOption, UnmetNeed } from "#app/lib/schemas/quote.ts";

export const CARD =
  "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900";
export const MUTED = "text-slate-600 dark:text-slate-400";

/** An item as a card shows it: a generated one, or one read back from a saved quote. */
export type ShownItem = Pick<
  QuoteItem,
  | "kind"
  | "lineKind"
  | "description"
  | "quantity"
  | "unitMonthlyCents"
  | "unitOneTimeCents"
  | "months"
>;
/** An option as a card shows it. */
export type ShownOption = Omit<QuoteOption, "items"> & { items: readonly ShownItem[] };

const ITEM_KIND_LABELS: Record<ShownItem["kind"], string> = {
  plan: "Plan",
  device: "Device",
  fee: "Fee",
  discount: "Credit",
};

/** "$12.00", "−$8.33 for 36 mo" (a credit), "$29.14 for 36 mo" (an installment). */
function monthly(item: ShownItem): string {
  if (item.unitMonthlyCents === 0) return "—";
  const amount = formatCents(item.unitMonthlyCents).replace("-", "−");
  return item.months === null ? amount : `${amount} for ${item.months} mo`;
}

function UnmetList({ unmet }: { unmet: readonly UnmetNeed[] }) {
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {unmet.map((u) => (
        <li key={u.need} className="text-amber-800 dark:text-amber-300">
          {u.reason}
        </li>
      ))}
    </ul>
  );
}

/**
 * One priced option: its totals and items. `badges` adds marks beside the name (Chosen), and
 * `footer` the option's own buttons on a saved quote.
 */
export function OptionCard({
  option,
  termMonths,
  badges,
  footer,
  highlighted = option.recommended,
}: {
  option: ShownOption;
  termMonths: number;
  badges?: ReactNode;
  footer?: ReactNode;
  highlighted?: boolean;
}) {
  const id = useId();
  const { totals } = option;
  return (
    <section
      aria-labelledby={id}
      data-testid="quote-option"
      className={`${CARD} ${highlighted ? "ring-2 ring-brand-500/60" : ""}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={id} className="text-lg font-semibold">
          {option.label}
        </h4>
        <CarrierBadge carrier={option.carrier} />
        {option.recommended ? (
          <span className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">
            Recommended
          </span>
        ) : null}
        {badges}
        {option.meetsAllNeeds ? null : (
          <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
            Misses {option.unmet.length} {option.unmet.length === 1 ? "need" : "needs"}
          </span>
        )}
      </div>

      {/* Three tiles side by side where a term total fits in one; on a phone one row each, the
          figure beside its name, so "$14,496.00" never spills out of its tile. */}
      <dl className="mt-4 grid grid-cols-1 gap-2 text-sm min-[480px]:grid-cols-3 min-[480px]:gap-3">
        <div className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 p-3 min-[480px]:block dark:bg-slate-800/60">
          <dt className={MUTED}>Monthly</dt>
          <dd
            className="font-semibold text-base tabular-nums min-[480px]:mt-1 sm:text-lg"
            data-testid="quote-monthly"
          >
            {formatCents(totals.monthlyCents)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 p-3 min-[480px]:block dark:bg-slate-800/60">
          <dt className={MUTED}>One-time</dt>
          <dd className="font-semibold text-base tabular-nums min-[480px]:mt-1 sm:text-lg">
            {formatCents(totals.oneTimeCents)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 p-3 min-[480px]:block dark:bg-slate-800/60">
          <dt className={MUTED}>Over {termMonths} months</dt>
          <dd className="font-semibold text-base tabular-nums min-[480px]:mt-1 sm:text-lg">
            {formatCents(totals.termCents)}
          </dd>
        </div>
      </dl>

      <div className="-mx-5 mt-4 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[22rem] text-left text-sm">
          <caption className="sr-only">Items of the {option.label} option</caption>
          <thead
            className={`border-b border-slate-200 text-xs uppercase dark:border-slate-800 ${MUTED}`}
          >
            <tr>
              <th scope="col" className="px-5 py-2 font-medium sm:px-3">
                Description
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Unit monthly
              </th>
              <th
                scope="col"
                className="px-5 py-2 text-right font-medium whitespace-nowrap sm:px-3"
              >
                One-time
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800/60">
            {option.items.map((item, n) => (
              // Items never move within an option; two may share a description (a fee per kind).
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
              <tr key={n}>
                <td className="px-5 py-2 sm:px-3">
                  <span className={`block text-xs ${MUTED}`}>{ITEM_KIND_LABELS[item.kind]}</span>
                  {item.description}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{item.quantity}</td>
                <td className="px-3 py-2 text-right tabular-nums">{monthly(item)}</td>
                <td className="px-5 py-2 text-right tabular-nums sm:px-3">
                  {item.unitOneTimeCents === 0 ? "—" : formatCents(item.unitOneTimeCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {option.unmet.length > 0 ? (
        <div className="mt-4">
          <h5 className="text-sm font-semibold">Needs this option does not meet</h5>
          <UnmetList unmet={option.unmet} />
        </div>
      ) : null}
      {footer ? <div className="mt-4 flex flex-wrap justify-end gap-2">{footer}</div> : null}
    </section>
  );
}

/** What no option meets, and what the generator assumed, under a quote's options. */
export function QuoteNotes({
  unmet,
  assumptions,
}: {
  unmet: readonly UnmetNeed[];
  assumptions: readonly string[];
}) {
  return (
    <>
      {unmet.length > 0 ? (
        <section className={CARD} aria-labelledby="quote-unmet">
          <h4 id="quote-unmet" className="text-lg font-semibold">
            Needs no option meets
          </h4>
          <UnmetList unmet={unmet} />
        </section>
      ) : null}

      {assumptions.length > 0 ? (
        <section className={CARD} aria-labelledby="quote-assumptions">
          <h4 id="quote-assumptions" className="text-lg font-semibold">
            Assumptions
          </h4>
          <p className={`mt-1 text-sm ${MUTED}`}>
            What the generator assumed; change the description to correct any of them.
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            {assumptions.map((assumption, n) => (
              // Assumptions are sentences that may repeat; their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
              <li key={n}>{assumption}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** A generated quote: its options (recommended first), what none meets, and what was assumed. */
export function QuoteResult({ quote, actions }: { quote: QuoteDraft; actions?: ReactNode }) {
  const termMonths = quote.needs.termMonths;
  const customer = quote.customerInfo;
  return (
    <section aria-labelledby="quote-heading" className="space-y-6">
      <div>
        <h3 id="quote-heading" className="text-xl font-semibold">
          {customer ? `Draft quote for ${customer.companyName}` : "Draft quote"}
        </h3>
        <p className={`mt-1 text-sm ${MUTED}`}>
          {customer ? `${customer.contactName} · ${customer.contactEmail} · ` : ""}
          Priced on {formatIsoDate(quote.pricedOn)} for a {termMonths}-month term. Not saved yet.
        </p>
      </div>

      {quote.options.length === 0 ? (
        <p className={CARD}>No carrier could price this description.</p>
      ) : (
        quote.options.map((option) => (
          <OptionCard key={option.label} option={option} termMonths={termMonths} />
        ))
      )}

      {actions}

      <QuoteNotes unmet={quote.unmet} assumptions={quote.assumptions} />
    </section>
  );
}
