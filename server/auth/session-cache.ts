import { createHash } from "node:crypto";
import { createMemo } from "#server/platform/memo.ts";

/**
 * A short-lived, in-process memo of "which agent do these cookies belong to". Verifying a session
 * through Better Auth costs two queries and an HMAC on every request, and an agent paging through
 * the directory asks the same question many times a second. docs/decisions/0004 records the
 * bound: a sign-out or revocation through Better Auth in this process empties the cache at once;
 * one made anywhere else (another instance, SQL by hand) is seen within `ttlMs`.
 */
export type SessionCache<T extends { expiresAt: number }> = {
  /** The cached answer for these credentials, or `verify()`'s (kept only when signed in). */
  lookup(credentials: string, verify: () => Promise<T | null>): Promise<T | null>;
  /** Forgets every entry, and every lookup still in flight, at once. */
  invalidateAll(): void;
  readonly size: number;
};

export function createSessionCache<T extends { expiresAt: number }>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): SessionCache<T> {
  const memo = createMemo<T | null>(options);
  // Keys are digests, so the cache never holds a usable session token.
  const keyOf = (credentials: string) => createHash("sha256").update(credentials).digest("base64");
  return {
    // Not signed in is never kept (0 is long past); a session is kept no longer than it lives.
    lookup: (credentials, verify) =>
      memo.get(keyOf(credentials), verify, (session) => session?.expiresAt ?? 0),
    invalidateAll: () => memo.invalidateAll(),
    get size() {
      return memo.size;
    },
  };
}
