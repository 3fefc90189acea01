import { format } from "date-fns";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** $12,500.00 (or $12,500 with whole: true); money is stored in cents and formatted at the edge. */
export function formatCents(cents: number, options: { whole?: boolean } = {}): string {
  return (options.whole ? usdWhole : usd).format(cents / 100);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Mar 5, 2025" (date-fns' "MMM d, yyyy", in the local zone). Written out because lists render it
 * hundreds of times a page (a deals board: 250), where date-fns' format parses its pattern on
 * every call.
 */
export function formatDate(date: Date | number): string {
  const d = typeof date === "number" ? new Date(date) : date;
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** "March 5, 2025" */
export const formatLongDate = (date: Date | number) => format(date, "MMMM d, yyyy");

/** "Mar 5, 2025, 3:07 PM" */
export const formatDateTime = (date: Date | number) => format(date, "MMM d, yyyy, h:mm a");

/** A calendar date stored as YYYY-MM-DD, shown as "Mar 5, 2025" without time-zone drift. */
export function formatIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return formatDate(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}
