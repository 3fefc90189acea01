import type { SortState } from "./sort.ts";

// The operators' waitlist table's sort, apart from the schemas so the screen that shows it does
// not load zod with it (decision 0036).

/** The columns of the operators' waitlist table that sort the list on the server. */
export const WAITLIST_SORT_COLUMNS = [
  "name",
  "email",
  "company",
  "source",
  "submissions",
  "signedUp",
] as const;
export type WaitlistSortColumn = (typeof WAITLIST_SORT_COLUMNS)[number];
/** Newest first, as the list has always opened. */
export const WAITLIST_DEFAULT_SORT: SortState<WaitlistSortColumn> = {
  column: "signedUp",
  dir: "desc",
};
