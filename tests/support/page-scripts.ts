import { gzipSync } from "node:zlib";

/**
 * The JavaScript a page's HTML makes the browser load: module preloads, script tags, and the
 * modules React Router's hydration script imports inline. bench/client-js.ts and the script
 * budget's browser test count the same way.
 */
export function pageScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    urls.add(m[1] ?? "");
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1] ?? "");
  for (const m of html.matchAll(/import[^"']*["'](\/assets\/[^"']+\.js)["']/g))
    urls.add(m[1] ?? "");
  urls.delete("");
  return [...urls];
}

/** A module's size as the budget counts it: gzip at level 9. */
export function gzipBytes(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).byteLength;
}
