// A list's free-text search, the same everywhere: the box takes at most SEARCH_MAX_LENGTH
// characters, and a longer `q` in an address (typed, or shared from elsewhere) is searched as its
// first SEARCH_MAX_LENGTH characters. Dropping it instead showed the whole list as if it matched.
// Apart from the schemas, so the plan screen, which reads its view without zod, shares it.

import { hasControlCharacters } from "./control-characters.ts";

export const SEARCH_MAX_LENGTH = 100;

/** The search as a list runs it: trimmed, then cut to SEARCH_MAX_LENGTH, never inside a character. */
export function searchTextOf(value: string): string {
  let cut = value.trim().slice(0, SEARCH_MAX_LENGTH);
  // A cut between the two halves of a surrogate pair (an emoji) would leave half a character,
  // which the database refuses.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

/**
 * A `?q=` as a list's `searchText()` reads it, without zod: what the list searched, and so what
 * its search box shows. A longer `q` shown whole would claim a search that was not run.
 */
export function searchedText(value: string | null): string {
  return value !== null && !hasControlCharacters(value) ? searchTextOf(value) : "";
}
