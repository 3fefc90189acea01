/**
 * Answers kept in this process for a short while, for reads that many requests repeat. Safe
 * under concurrency: requests for one key share the lookup in flight, and a lookup that started
 * before `invalidateAll()` is never kept (it may have read what the invalidation is about).
 */
export type Memo<V> = {
  /**
   * The kept answer for `key`, or `load()`'s. `keepUntil` says until when an answer may be kept
   * (epoch ms; at most the TTL, and not at all when it is already past).
   */
  get(key: string, load: () => Promise<V>, keepUntil?: (value: V) => number): Promise<V>;
  invalidateAll(): void;
  readonly size: number;
};

type Entry<V> = { value: Promise<V>; expiresAt: number; settled: boolean; refreshing: boolean };

export function createMemo<V>(options: {
  ttlMs: number;
  maxEntries: number;
  /**
   * For this long past its TTL an answer is still given at once while one request's lookup
   * refreshes it in the background, for answers whose lookup is slow enough that a queue behind
   * it costs more than one more moment of staleness. Off (0) unless asked.
   */
  staleMs?: number;
  now?: () => number;
}): Memo<V> {
  // Read Date.now at call time, so tests that fake the clock are obeyed.
  const now = options.now ?? (() => Date.now());
  const staleMs = options.staleMs ?? 0;
  const entries = new Map<string, Entry<V>>();
  let generation = 0;

  const forget = (key: string, entry: Entry<V>) => {
    if (entries.get(key) === entry) entries.delete(key);
  };

  const keep = (key: string, entry: Entry<V>) => {
    entries.set(key, entry);
    // A Map iterates in insertion order, so the first key is the oldest entry.
    if (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };

  /** Starts `load()`; the entry is kept from the start, or (a refresh) only once it has answered. */
  const lookUp = (
    key: string,
    load: () => Promise<V>,
    keepUntil: ((value: V) => number) | undefined,
    whenAnswered: boolean,
  ) => {
    const t = now();
    const started = generation;
    const entry: Entry<V> = {
      value: load(),
      expiresAt: t + options.ttlMs,
      settled: false,
      refreshing: false,
    };
    entry.value.then(
      (value) => {
        entry.settled = true;
        const until = Math.min(t + options.ttlMs, keepUntil ? keepUntil(value) : Infinity);
        if (generation !== started || until <= now()) forget(key, entry);
        else {
          entry.expiresAt = until;
          if (whenAnswered) keep(key, entry);
        }
      },
      () => forget(key, entry),
    );
    if (!whenAnswered) keep(key, entry);
    return entry;
  };

  return {
    get(key, load, keepUntil) {
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > t) return hit.value;
      if (hit?.settled && t < hit.expiresAt + staleMs) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          // A failed refresh leaves the stale answer to its end, and the next request after it
          // looks up afresh.
          lookUp(key, load, keepUntil, true).value.catch(() => {});
        }
        return hit.value;
      }
      if (hit) entries.delete(key);
      return lookUp(key, load, keepUntil, false).value;
    },
    invalidateAll() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
