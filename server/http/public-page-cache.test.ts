import { createHash } from "node:crypto";
import { gunzipSync, zstdDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "./csp.ts";
import { inlineHashes, publicPageCache, publicPageKey } from "./public-page-cache.ts";

const SCRIPT = "window.__ready = true;";
const STYLE = ".x{color:red}";

/** A page as React renders it: its inline script carries the nonce it was rendered with. */
const page = (nonce: string, extra = "") =>
  `<!DOCTYPE html><html><head><style nonce="${nonce}">${STYLE}</style></head><body>${"<p>Carrierline</p>".repeat(200)}${extra}<script nonce="${nonce}">${SCRIPT}</script><script type="module" src="/assets/a.js"></script></body></html>`;

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The app's order (app.ts): secure headers, the cache, then the page handler with its fill. */
function world(
  options: { blogVersion?: () => Promise<string>; status?: number; setCookie?: boolean } = {},
) {
  const renders: { path: string; nonce: string }[] = [];
  const cache = publicPageCache({ blogVersion: options.blogVersion ?? (async () => "1") });
  const app = new Hono<{ Variables: { secureHeadersNonce?: string } }>();
  app.use(secureHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, overwrite: false }));
  app.use(cache.serve);
  app.use(cache.fill);
  app.get("*", (c) => {
    const nonce = c.get("secureHeadersNonce") ?? "";
    renders.push({ path: c.req.path, nonce });
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
    if (options.setCookie) headers["set-cookie"] = "seen=1";
    return new Response(page(nonce, `<p>render ${renders.length}</p>`), {
      status: options.status ?? 200,
      headers,
    });
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers });
  return { renders, get };
}

describe("which requests may share an answer", () => {
  const key = (path: string, cookie?: string, method = "GET") =>
    publicPageKey(method, new URL(path, "http://x"), cookie);

  it("keeps the listed public pages, blog posts and the blog list's pages", () => {
    for (const path of ["/", "/features", "/about", "/legal", "/blog", "/blog/a-post"]) {
      expect(key(path), path).toBe(path);
    }
    expect(key("/blog?page=3")).toBe("/blog?page=3");
    expect(key("/blog?shown=2")).toBe("/blog?shown=2");
    expect(key("/blog?shown=20")).toBe("/blog?shown=20");
    expect(key("/blog.data?shown=3&_routes=routes/site/blog")).toBe(
      "/blog.data?shown=3&_routes=routes/site/blog",
    );
  });

  it("keeps those pages' data requests apart from the pages, with the routes they name", () => {
    expect(key("/_.data")).toBe("/_.data");
    expect(key("/features.data")).toBe("/features.data");
    expect(key("/blog.data?page=2")).toBe("/blog.data?page=2");
    expect(key("/blog/a-post.data")).toBe("/blog/a-post.data");
    expect(key("/blog.data?page=2&_routes=routes/site/blog")).toBe(
      "/blog.data?page=2&_routes=routes/site/blog",
    );
    expect(key("/_.data?_routes=root")).toBe("/_.data?_routes=root");
    for (const path of [
      "/dashboard.data",
      "/blog/new.data",
      "/login.data",
      "/_.data?x=1",
      "/blog.data?page=2&x=1",
      "/features.data?_routes=a&b=1",
    ]) {
      expect(key(path), path).toBeNull();
    }
    expect(key("/blog.data", "better-auth.session_token=abc")).toBeNull();
  });

  it("passes a session cookie, a query string, another method and the other pages", () => {
    expect(key("/", "theme=dark; better-auth.session_token=abc")).toBeNull();
    expect(key("/", "__Secure-better-auth.session_token=abc")).toBeNull();
    expect(key("/", "theme=dark")).toBe("/");
    for (const path of [
      "/?utm=1",
      "/join?email=a@b.c",
      "/blog?page=0",
      "/blog?page=2&x=1",
      "/blog?shown=21",
      "/blog?shown=1",
      "/blog?shown=02",
      "/blog?shown=2&page=2",
    ]) {
      expect(key(path), path).toBeNull();
    }
    for (const path of ["/blog/new", "/blog/rss.xml", "/login", "/dashboard", "/blog/a/b"]) {
      expect(key(path), path).toBeNull();
    }
    expect(key("/", undefined, "POST")).toBeNull();
    expect(key("/", undefined, "HEAD")).toBeNull();
  });
});

describe("the public page cache", () => {
  it("renders a page once, without the nonce, and answers the same bytes after", async () => {
    const { get, renders } = world();
    const first = await get("/");
    const second = await get("/");
    expect(renders).toEqual([{ path: "/", nonce: "" }]);
    expect(first.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=300, stale-while-revalidate=60",
    );
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("keeps each encoding compressed, with an ETag of its own", async () => {
    const { get, renders } = world();
    const plain = await (await get("/")).text();
    const zstd = await get("/", { "accept-encoding": "gzip, deflate, br, zstd" });
    const gzip = await get("/", { "accept-encoding": "gzip" });
    expect(renders).toHaveLength(1);
    expect(zstd.headers.get("content-encoding")).toBe("zstd");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const zstdBytes = Buffer.from(await zstd.arrayBuffer());
    expect(zstd.headers.get("content-length")).toBe(String(zstdBytes.byteLength));
    expect(zstdDecompressSync(zstdBytes).toString()).toBe(plain);
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    const tags = new Set([zstd, gzip].map((r) => r.headers.get("etag")));
    expect(tags.size).toBe(2);
  });

  it("answers If-None-Match with 304 and no body", async () => {
    const { get } = world();
    const first = await get("/features", { "accept-encoding": "gzip" });
    const etag = first.headers.get("etag") ?? "";
    const again = await get("/features", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toContain("public");
    // A weak form of the same tag matches too (If-None-Match compares weakly); another does not.
    expect(
      (await get("/features", { "accept-encoding": "gzip", "if-none-match": `W/${etag}` })).status,
    ).toBe(304);
    expect((await get("/features", { "if-none-match": etag })).status).toBe(200);
    expect((await get("/features", { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("allows the page's inline elements by hash, and later styles by a nonce of each response", async () => {
    const { get } = world();
    await get("/");
    const [a, b] = [await get("/"), await get("/")];
    const csp = a.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.match(/script-src ([^;]*)/)?.[1];
    expect(scriptSrc).toBe(`'self' ${sha(SCRIPT)}`);
    const styleSrc = csp.match(/style-src ([^;]*)/)?.[1] ?? "";
    const nonce = styleSrc.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
    expect(styleSrc).toBe(`'self' 'nonce-${nonce}' ${sha(STYLE)}`);
    expect(a.headers.get("server-timing")).toBe(`csp-nonce;desc="${nonce}"`);
    expect(b.headers.get("server-timing")).not.toBe(a.headers.get("server-timing"));
    // The rest of the policy is the app's.
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
  });

  it("renders afresh for a signed-in visitor, with the nonce, and keeps nothing of it", async () => {
    const { get, renders } = world();
    await get("/");
    const signedIn = await get("/", { cookie: "better-auth.session_token=abc" });
    expect(renders).toHaveLength(2);
    expect(renders[1]?.nonce).not.toBe("");
    expect(signedIn.headers.get("cache-control")).toBeNull();
    expect(signedIn.headers.get("etag")).toBeNull();
    expect(signedIn.headers.get("content-security-policy")).toMatch(
      /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/,
    );
    expect(await (await get("/")).text()).toContain("render 1");
  });

  it("keeps no answer other than a 200 without a cookie", async () => {
    for (const options of [{ status: 404 }, { status: 500 }, { setCookie: true }]) {
      const { get, renders } = world(options);
      await get("/blog/missing");
      const again = await get("/blog/missing");
      expect(renders, JSON.stringify(options)).toHaveLength(2);
      expect(again.headers.get("etag")).toBeNull();
    }
  });

  it("keeps the blog's pages under the blog's content version, and renders them when it is unreadable", async () => {
    let version: string | Error = "1";
    const blogVersion = async () => {
      if (version instanceof Error) throw version;
      return version;
    };
    const { get, renders } = world({ blogVersion });
    await get("/blog");
    await get("/blog/a-post");
    await get("/features");
    await get("/blog");
    expect(renders).toHaveLength(3);
    expect((await get("/blog")).headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=5, stale-while-revalidate=5",
    );
    version = "2";
    expect(await (await get("/blog")).text()).toContain("render 4");
    await get("/blog");
    await get("/features");
    expect(renders).toHaveLength(4);
    version = new Error("the database is away");
    const unread = await get("/blog");
    expect(unread.headers.get("etag")).toBeNull();
    expect(renders).toHaveLength(5);
    // The other pages do not ask.
    expect((await get("/features")).headers.get("etag")).not.toBeNull();
    expect(renders.map((r) => r.path)).toEqual([
      "/blog",
      "/blog/a-post",
      "/features",
      "/blog",
      "/blog",
    ]);
  });
});

describe("inlineHashes", () => {
  it("hashes inline elements only, as the browser reads their text", () => {
    const html = `<script src="/a.js"></script><script nonce="">a()</script><script type="module">b()</script><style>p{}</style>`;
    expect(inlineHashes(html, "script")).toEqual([sha("a()"), sha("b()")]);
    expect(inlineHashes(html, "style")).toEqual([sha("p{}")]);
  });
});
