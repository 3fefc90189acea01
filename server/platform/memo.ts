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

type Entry<V> = { value: Promise<V>; expiresAt: number };

export function createMemo<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): Memo<V> {
  // Read Date.now at call time, so tests that fake the clock are obeyed.
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, Entry<V>>();
  let generation = 0;

  const forget = (key: string, entry: Entry<V>) => {
    if (entries.get(key) === entry) entries.delete(key);
  };

  return {
    get(key, load, keepUntil) {
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > t) return hit.value;
      if (hit) entries.delete(key);

      const started = generation;
      const entry: Entry<V> = { value: load(), expiresAt: t + options.ttlMs };
      entry.value.then(
        (value) => {
          const until = Math.min(t + options.ttlMs, keepUntil ? keepUntil(value) : Infinity);
          if (generation !== started || until <= now()) forget(key, entry);
          else entry.expiresAt = until;
        },
        () => forget(key, entry),
      );
      entries.set(key, entry);
      // A Map iterates in insertion order, so the first key is the oldest entry.
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return entry.value;
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
