/**
 * A response's body when it is already whole in memory (a string or bytes), or null when it is a
 * stream (a page, an export) or not known.
 *
 * @hono/node-server answers `new Response(string | bytes)` (every `c.json()`, `c.text()`) with one
 * write, never making the web stream behind `res.body`. Reading `res.body` in a middleware makes
 * that stream, and the answer then goes out through web streams and Node streams chunk by chunk:
 * for a small JSON answer, more of our CPU than the handler's own work. So the middleware that
 * see every body (compression, the broken-stream guard) ask here first. The adapter keeps the
 * body under a symbol of its own described "cache"; when that is not there (another runtime, an
 * adapter that changed), the answer is null and the middleware take the stream path as before.
 * body-in-memory.test.ts holds this to the adapter's real responses.
 */
export function bodyInMemory(res: Response): string | Uint8Array | null {
  for (const symbol of Object.getOwnPropertySymbols(res)) {
    if (symbol.description !== "cache") continue;
    const cache: unknown = Reflect.get(res, symbol);
    const body = Array.isArray(cache) ? cache[1] : undefined;
    return typeof body === "string" || body instanceof Uint8Array ? body : null;
  }
  return null;
}
