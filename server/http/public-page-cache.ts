import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { SecureHeadersVariables } from "hono/secure-headers";
import { isbot } from "isbot";
import { CSP_NONCE_TIMING } from "#app/lib/csp-nonce-timing.ts";
import { PUBLIC_PAGES } from "#app/lib/public-pages.ts";
import { chooseEncoding, compressWhole, type Encoding } from "./compress.ts";
import { policyWithout } from "./csp.ts";
import { hasSessionCookie, pagePath } from "./edge.ts";

/**
 * The public pages an anonymous visitor reads (the landing page, features, the blog…) are the
 * same bytes for every visitor of one build, so they are rendered once and kept, compressed for
 * each encoding, in this process (decision 0032). A hit costs no render and no compression, and
 * its answer is fit for a CDN: a strong ETag per encoding (If-None-Match answered with 304),
 * `Cache-Control: public, s-maxage=…`, `Vary: Accept-Encoding, Cookie`.
 *
 * Only what cannot differ between visitors is kept: GET of a listed page or of its data (a client
 * navigation's `.data` request), no session cookie, no query string (the blog list's `?page=N`
 * excepted), a 200 HTML (or data) answer that sets no cookie. The
 * page is rendered without the response's nonce; its CSP allows its inline scripts and styles by
 * hash instead, and <style> elements added later (the dialogs' scroll lock) by a nonce the
 * browser reads from Server-Timing (app/lib/csp-client.ts), so the body stays the same bytes.
 *
 * Blog pages change when a post is published, by this process or any other writer: they are kept
 * under the blog's content version (one aggregate query a hit, still no render), so a new post
 * shows at once. When the version cannot be read, the page is rendered as if nothing were kept.
 */

const STATIC_PATHS: ReadonlySet<string> = new Set(PUBLIC_PAGES.map((p) => p.path));
/** A post's page, `/blog/{slug}`; `/blog/new` needs a session and `/blog/rss.xml` is not HTML. */
const POST_PATH = /^\/blog\/(?!new$|rss\.xml$)[^/]+$/;
// `?shown=N` only as blogListQuerySchema accepts it (2..BLOG_MAX_SHOWN), so the copies are few.
const BLOG_PAGE_QUERY = /^\?(?:page=[1-9]\d{0,5}|shown=(?:[2-9]|1\d|20))$/;
const MAX_ENTRIES = 500;

/** Marketing pages change with a deploy; a CDN keeps them a few minutes and revalidates by ETag. */
const STATIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";
const BLOG_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=5";
const VARY = "Accept-Encoding, Cookie";

type Variant = { body: Uint8Array<ArrayBuffer>; etag: string };
type Entry = {
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
  /** The page's own headers (Content-Type, Link…), as its render answered them. */
  headers: [string, string][];
  /** The CSP around the response's nonce: `${before}${nonce}${after}`, built once. */
  policy: { before: string; after: string; withoutNonce: string };
  cacheControl: string;
  /** The blog's content version the page was rendered under; null for the other pages. */
  version: string | null;
};

type Variables = SecureHeadersVariables & {
  publicPageKey?: { key: string; version: string | null };
};

export type PublicPageCache = {
  /** Answers hits (before the edge's body handling). */
  serve: MiddlewareHandler<{ Variables: Variables }>;
  /** Right before the page handler: renders a miss without the nonce and keeps it. */
  fill: MiddlewareHandler<{ Variables: Variables }>;
};

export type PublicPageCacheOptions = {
  /** The blog's content version (server/site blogContentVersion); it throws when unreadable. */
  blogVersion: () => Promise<string>;
};

/**
 * React Router names the routes whose loaders a navigation needs in `_routes`; the answer depends
 * on it, so it stays in the key, and its values are route ids, nothing a visitor could vary freely.
 */
const DATA_ROUTES_PARAM = /[?&]_routes=[\w/.,%-]+$/;

/** The key of a request whose answer may be shared by every anonymous visitor, or null. */
export function publicPageKey(method: string, url: URL, cookie: string | undefined): string | null {
  if (method !== "GET" || hasSessionCookie(cookie)) return null;
  const page = pagePath(url).pathname;
  const data = url.pathname.endsWith(".data");
  if (!STATIC_PATHS.has(page) && !POST_PATH.test(page)) return null;
  const query = data ? url.search.replace(DATA_ROUTES_PARAM, "") : url.search;
  if (query !== "" && !(page === "/blog" && BLOG_PAGE_QUERY.test(query))) return null;
  return url.pathname + url.search;
}

const isBlog = (url: URL) => {
  const page = pagePath(url).pathname;
  return page === "/blog" || page.startsWith("/blog/");
};

export function publicPageCache(options: PublicPageCacheOptions): PublicPageCache {
  const entries = new Map<string, Entry>();

  const serve: PublicPageCache["serve"] = async (c, next) => {
    const url = new URL(c.req.url);
    const key = publicPageKey(c.req.method, url, c.req.header("cookie"));
    if (!key) return next();
    let version: string | null = null;
    if (isBlog(url)) {
      try {
        version = await options.blogVersion();
      } catch {
        // The database is away or the read failed: the page itself says so, uncached.
        return next();
      }
    }
    // Crawlers get the whole document at once (entry.server.tsx), browsers a stream: the bytes
    // can differ, so each is kept apart.
    const fullKey = `${isbot(c.req.header("user-agent") ?? "") ? "bot" : "browser"} ${key}`;
    // Per response, outside the shared body (the fill below renders without it).
    const nonce = c.get("secureHeadersNonce") ?? "";
    const kept = entries.get(fullKey);
    if (kept && kept.version === version) return answer(c, kept, nonce);
    c.set("publicPageKey", { key: fullKey, version });
    await next();
    const filled = entries.get(fullKey);
    if (filled && filled !== kept) {
      // Assigning over a response merges its headers into the new one (Hono's c.res setter):
      // the render's, compressed on its way out, must leave nothing behind.
      c.res = undefined;
      c.res = answer(c, filled, nonce);
    }
  };

  const fill: PublicPageCache["fill"] = async (c, next) => {
    const target = c.get("publicPageKey");
    if (!target) return next();
    // The shared copy carries no nonce: its CSP names its inline elements by hash (answer()).
    const nonce = c.get("secureHeadersNonce") ?? "";
    c.set("secureHeadersNonce", "");
    await next();
    const res = c.res;
    if (
      res.status !== 200 ||
      !res.body ||
      res.headers.has("Set-Cookie") ||
      !(res.headers.get("Content-Type") ?? "").startsWith(
        new URL(c.req.url).pathname.endsWith(".data") ? "text/x-script" : "text/html",
      ) ||
      /\b(?:no-store|private)\b/.test(res.headers.get("Cache-Control") ?? "")
    ) {
      // Not kept (a 404, a page that sets a cookie), but rendered without the nonce all the
      // same: its CSP must name its inline elements by hash too, or the browser runs none of them.
      if (res.body && (res.headers.get("Content-Type") ?? "").startsWith("text/html")) {
        const body = new Uint8Array(await res.arrayBuffer());
        const html = new TextDecoder().decode(body);
        const { before, after, withoutNonce } = cachedPagePolicy(
          inlineHashes(html, "script"),
          inlineHashes(html, "style"),
        );
        const headers = new Headers(res.headers);
        headers.set("Content-Security-Policy", nonce ? `${before}${nonce}${after}` : withoutNonce);
        c.res = undefined;
        c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      }
      return;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    // Refreshing a key moves it to the back of the eviction order.
    entries.delete(target.key);
    entries.set(target.key, makeEntry(body, res.headers, target.version));
    // The caller (serve) answers from the entry; this copy is what the inner middleware sees.
    c.res = new Response(body, res);
  };

  return { serve, fill };
}

const hash = (data: string | Uint8Array) => createHash("sha256").update(data).digest("base64");

const INLINE = {
  script: /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  style: /<style\b([^>]*)>([\s\S]*?)<\/style>/gi,
};

/** The CSP hash sources of the inline <script> or <style> elements of a page. */
export function inlineHashes(html: string, element: keyof typeof INLINE): string[] {
  const found = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(INLINE[element])) {
    if (element === "script" && /\bsrc\s*=/i.test(attributes)) continue;
    found.add(`'sha256-${hash(content)}'`);
  }
  return [...found];
}

function makeEntry(body: Uint8Array<ArrayBuffer>, headers: Headers, version: string | null): Entry {
  const html = new TextDecoder().decode(body);
  const tag = hash(body).slice(0, 27).replaceAll("+", "-").replaceAll("/", "_");
  const variant = (encoding: Encoding): Variant => ({
    body: new Uint8Array(compressWhole(body, encoding)),
    etag: `"${tag}.${encoding}"`,
  });
  return {
    identity: { body, etag: `"${tag}"` },
    encoded: { zstd: variant("zstd"), gzip: variant("gzip") },
    headers: [...headers].filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())),
    policy: cachedPagePolicy(inlineHashes(html, "script"), inlineHashes(html, "style")),
    cacheControl: version === null ? STATIC_CACHE_CONTROL : BLOG_CACHE_CONTROL,
    version,
  };
}

/**
 * The page's inline scripts by hash (no nonce: a shared copy would share it), its inline styles
 * by hash, and the response's nonce for the <style> elements a dialog adds later.
 */
function cachedPagePolicy(scripts: string[], styles: string[]): Entry["policy"] {
  const MARK = "\u0000";
  const marked = policyWithout({ scriptSrc: scripts, styleSrc: [`'nonce-${MARK}'`, ...styles] });
  const [before = "", after = ""] = marked.split(MARK);
  return { before, after, withoutNonce: policyWithout({ scriptSrc: scripts, styleSrc: styles }) };
}

/** Headers answer() sets per response, never copied from the render. */
const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "etag",
  "cache-control",
  "vary",
  "content-security-policy",
  "server-timing",
  "set-cookie",
]);

/** If-None-Match holds this ETag (weak comparison, RFC 9110 §13.1.2), or `*`. */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}

function answer(c: Context, entry: Entry, nonce: string): Response {
  const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
  const variant = (encoding && entry.encoded[encoding]) || entry.identity;
  const headers = new Headers(entry.headers);
  headers.set("ETag", variant.etag);
  headers.set("Cache-Control", entry.cacheControl);
  headers.set("Vary", VARY);
  const { before, after, withoutNonce } = entry.policy;
  headers.set("Content-Security-Policy", nonce ? `${before}${nonce}${after}` : withoutNonce);
  if (nonce) headers.set("Server-Timing", `${CSP_NONCE_TIMING};desc="${nonce}"`);
  if (notModified(c.req.header("If-None-Match"), variant.etag)) {
    return new Response(null, { status: 304, headers });
  }
  if (variant !== entry.identity && encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(variant.body.byteLength));
  return new Response(variant.body, { status: 200, headers });
}
