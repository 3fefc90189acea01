import { z } from "zod";

// A list sorted on the server by a column of its table, kept in the URL as ?sort=&dir= (with the
// defaults left out, so a plain view keeps a plain address).

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The column a list is sorted by, and which way. */
export type SortState<Key extends string = string> = {
  readonly column: Key;
  readonly dir: SortDirection;
};

/** The `sort` and `dir` fields of a list's query schema; anything else reads as the default. */
export function sortFields<const Keys extends readonly [string, ...string[]]>(
  columns: Keys,
  defaults: SortState<Keys[number]>,
) {
  return {
    sort: z.enum(columns).catch(defaults.column),
    dir: z.enum(SORT_DIRECTIONS).catch(defaults.dir),
  };
}

/** Clicking the sorted column flips its direction; another column sorts ascending (spec). */
export function nextSort<Key extends string>(current: SortState<Key>, column: Key): SortState<Key> {
  if (current.column === column) return { column, dir: current.dir === "asc" ? "desc" : "asc" };
  return { column, dir: "asc" };
}

/** The URL's `sort` and `dir` for a sort: a value equal to its default is removed (""). */
export function sortParams<Key extends string>(
  sort: SortState<Key>,
  defaults: SortState<Key>,
): { sort: string; dir: string } {
  return {
    sort: sort.column === defaults.column ? "" : sort.column,
    dir: sort.dir === defaults.dir ? "" : sort.dir,
  };
}
