import { CARRIER_LABELS, type Carrier } from "#app/lib/domain.ts";

const STYLES: Record<Carrier, string> = {
  att: "bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200",
  verizon: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200",
  tmobile: "bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-900/40 dark:text-fuchsia-200",
};

export function CarrierBadge({ carrier }: { carrier: Carrier }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[carrier]}`}
    >
      {CARRIER_LABELS[carrier]}
    </span>
  );
}
