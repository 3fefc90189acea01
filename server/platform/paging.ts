// One rule for every paged list of the portal (decision 0042's addendum): a page past the last
// (an old link, a list that has since shrunk, a number typed into the address) is answered with
// the last page, never with an empty one that reads as if nothing matched. The schemas already
// read a page that is not a positive integer as the first.

/** The pages `total` rows fill, `pageSize` a page; an empty list is still one (empty) page. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page of a list as shown: the page asked for, or the last when it is past it. */
export type PageWithin = {
  page: number;
  pageCount: number;
  /** The rows to skip to reach `page`. */
  offset: number;
};

/**
 * Where the page asked for lands once the list's `total` is known. Counting first costs the
 * lists a round trip before their rows, which is what lets the last page be read at once.
 */
export function pageWithin(requested: number, total: number, pageSize: number): PageWithin {
  const pageCount = pageCountOf(total, pageSize);
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}
