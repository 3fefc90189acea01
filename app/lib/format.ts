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
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "Mar 5, 2025" (date-fns' "MMM d, yyyy", in the local zone). Written out because lists render it
 * hundreds of times a page (a deals board: 250), where date-fns' format parses its pattern on
 * every call.
 */
export function formatDate(date: Date | number): string {
  const d = typeof date === "number" ? new Date(date) : date;
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

// The two below are written out too, as date-fns' "MMMM d, yyyy" and "MMM d, yyyy, h:mm a": the
// notifications panel shows times on every portal page, and date-fns cost its shell 5.6 KB of
// script (decision 0034).

/** "March 5, 2025" */
export function formatLongDate(date: Date | number): string {
  const d = typeof date === "number" ? new Date(date) : date;
  return `${LONG_MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** "Mar 5, 2025, 3:07 PM" */
export function formatDateTime(date: Date | number): string {
  const d = typeof date === "number" ? new Date(date) : date;
  const hours = d.getHours();
  const minutes = String(d.getMinutes()).padStart(2, "0");
  return `${formatDate(d)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** A calendar date stored as YYYY-MM-DD, shown as "Mar 5, 2025" without time-zone drift. */
export function formatIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  const date = new Date(2000, (m ?? 1) - 1, d ?? 1);
  // Set apart: `new Date(y, …)` reads a year before 100 as 19xx.
  date.setFullYear(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  return formatDate(date);
}
