import { useSearchParams } from "react-router";

/**
 * Screen filters live in the URL (shareable, survive reload). Setting a value to "" or "all"
 * removes it; `resets` names keys that go back to their default with the change (such as the page).
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string>, resets: readonly string[] = []) => {
    const next = new URLSearchParams(params);
    for (const key of resets) next.delete(key);
    for (const [key, value] of Object.entries(changes)) {
      if (value === "" || value === "all") next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true, preventScrollReset: true });
  return { params, update, clear };
}
