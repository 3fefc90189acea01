import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A navigation that changes only the search of the screen already shown (a filter, a sort, a
 * page) and sends no form: what a route whose data does not depend on that search can skip.
 */
export function searchChangedOnly({
  currentUrl,
  nextUrl,
  formMethod,
}: ShouldRevalidateFunctionArgs): boolean {
  const sent = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  return !sent && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
}
