import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * Screen filters live in the URL (shareable, survive reload). Setting a value to "" or "all"
 * removes it; `resets` names keys that go back to their default with the change (such as the page).
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  // Changes made before the previous one has loaded build on it, not on the URL still showing.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const apply = (next: URLSearchParams) => {
    latest.current = next;
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const update = (changes: Record<string, string>, resets: readonly string[] = []) => {
    const next = new URLSearchParams(latest.current);
    for (const key of resets) next.delete(key);
    for (const [key, value] of Object.entries(changes)) {
      if (value === "" || value === "all") next.delete(key);
      else next.set(key, value);
    }
    apply(next);
  };
  const clear = () => apply(new URLSearchParams());
  return { params, update, clear };
}
