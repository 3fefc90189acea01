import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

/** Changes to URL filters: a key set to "" or "all" is removed, so defaults stay out of the URL. */
export type FilterChanges = Readonly<Record<string, string>>;

/**
 * The URL after a change: `resets` are removed first (such as the page, which must go back to
 * the first one when a filter changes), then each change is set or removed.
 */
export function nextFilterParams(
  current: URLSearchParams,
  changes: FilterChanges,
  resets: readonly string[] = [],
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of resets) next.delete(key);
  for (const [key, value] of Object.entries(changes)) {
    if (value === "" || value === "all") next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export type UrlFilters = {
  readonly params: URLSearchParams;
  readonly update: (changes: FilterChanges, resets?: readonly string[]) => void;
};

/**
 * What a URL that has just arrived means for the filters still on their way (`requested`, ours,
 * oldest first): one of ours (the rest after it may still come), or someone else's (back,
 * forward, a link), which replaces them all.
 */
export function arrivedUrl(
  requested: readonly string[],
  arrived: string,
): { requested: string[]; settled: boolean } {
  const index = requested.indexOf(arrived);
  if (index === -1) return { requested: [], settled: true };
  const rest = requested.slice(index + 1);
  return { requested: rest, settled: rest.length === 0 };
}

/** Screen filters live in the URL (shareable, survive reload); see `nextFilterParams`. */
export function useUrlFilters(): UrlFilters {
  const [params, setParams] = useSearchParams();
  // Changes made before the previous one has loaded build on it, not on the URL still showing;
  // and an earlier change of ours arriving late must not undo a later one (three filters picked
  // quickly on a loaded machine kept only two).
  const latest = useRef(params);
  const requested = useRef<string[]>([]);
  useEffect(() => {
    const arrival = arrivedUrl(requested.current, params.toString());
    requested.current = arrival.requested;
    if (arrival.settled) latest.current = params;
  }, [params]);

  const update = (changes: FilterChanges, resets: readonly string[] = []) => {
    const next = nextFilterParams(latest.current, changes, resets);
    // The same URL again would only load the same data again.
    if (next.toString() === latest.current.toString()) return;
    latest.current = next;
    requested.current.push(next.toString());
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { params, update };
}
