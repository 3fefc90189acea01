import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { VERSION_MAX_AGE_MS } from "#server/site/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";

// The public page cache (server/http/public-page-cache.ts, decision 0032) in the whole app.

// The writer is a platform operator, as only operators publish on the blog (decision 0043).
const world = setUpTestRuntime({
  pages: true,
  env: { PLATFORM_OPERATORS: "cachewriter@cache-writers.example" },
});
let server: PageServer;
let writer: string;

beforeAll(async () => {
  const { rt, pages } = world();
  server = pages;
  await createCompanyWithAgent(rt, {
    company: "Cache Writers",
    username: "cachewriter",
    password: "cachewriter-password-1",
  });
  writer = await signInCookie(server.url, "cachewriter", "cachewriter-password-1");
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: "manual" });

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("an anonymous visitor's public pages", () => {
  it("come from the cache with a strong ETag, a CDN's Cache-Control, and 304 on a match", async () => {
    const headers = { "accept-encoding": "gzip, deflate, br, zstd" };
    const first = await get("/features", headers);
    const second = await get("/features", headers);
    expect(first.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    const etag = second.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+\.zstd"$/);
    expect(first.headers.get("etag")).toBe(etag);
    expect(second.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    // Nothing of the render's own answer is left on the first visitor's copy either.
    for (const res of [first, second]) {
      expect(res.headers.get("vary")).toBe("Accept-Encoding, Cookie");
      expect(res.headers.get("content-encoding")).toBe("zstd");
    }
    const again = await get("/features", { ...headers, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("allow exactly the page's inline scripts, by hash, and no nonce for scripts", async () => {
    await get("/");
    const res = await get("/", { "accept-encoding": "identity" });
    const html = await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.match(/script-src ([^;]*)/)?.[1] ?? "";
    expect(scriptSrc).not.toContain("nonce");
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/\bsrc=/.test(m[1] ?? ""))
      .map((m) => `'sha256-${sha256(m[2] ?? "")}'`);
    expect(inline.length).toBeGreaterThan(0);
    expect(scriptSrc.split(" ").sort()).toEqual(["'self'", ...new Set(inline)].sort());
    // The shared bytes carry no nonce; this response's own is in Server-Timing for later styles.
    expect(html).not.toMatch(/nonce="[^"]/);
    const nonce = res.headers.get("server-timing")?.match(/^csp-nonce;desc="(.+)"$/)?.[1];
    expect(csp).toMatch(new RegExp(`style-src 'self' 'nonce-${nonce?.replace(/[+/]/g, "\\$&")}'`));
  });

  it("are rendered afresh, with a nonce and no-store, for a signed-in visitor", async () => {
    await get("/about");
    const res = await get("/about", { cookie: writer });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(await res.text()).toMatch(/<script nonce="[^"]+"/);
  });

  it("pass a query string the page does not read as its own", async () => {
    const res = await get("/?utm_source=mail");
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("share a client navigation's data too, apart from the page", async () => {
    const first = await get("/features.data", { "accept-encoding": "gzip" });
    const second = await get("/features.data", { "accept-encoding": "gzip" });
    expect(second.status).toBe(200);
    expect(second.headers.get("content-type")).toBe("text/x-script");
    expect(second.headers.get("etag")).toMatch(/^"[\w-]+\.gzip"$/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("etag")).not.toBe(
      (await get("/features", { "accept-encoding": "gzip" })).headers.get("etag"),
    );
    expect(await second.text()).toBe(await first.text());
    const signedIn = await get("/features.data", { cookie: writer });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("etag")).toBeNull();
  });

  it("keep no error page", async () => {
    await get("/blog/no-such-post");
    const res = await get("/blog/no-such-post");
    expect(res.status).toBe(404);
    expect(res.headers.get("etag")).toBeNull();
  });

  it("let an error page they do not keep run its scripts: its CSP names them by hash", async () => {
    const res = await get("/blog/no-such-post", { "accept-encoding": "identity" });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Post not found");
    const scriptSrc = res.headers.get("content-security-policy")?.match(/script-src ([^;]*)/)?.[1];
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/\bsrc=/.test(m[1] ?? ""))
      .map((m) => `'sha256-${sha256(m[2] ?? "")}'`);
    expect(inline.length).toBeGreaterThan(0);
    // Rendered without a nonce (as a page to keep would be), so hashes are what lets them run.
    expect(html).not.toMatch(/nonce="[^"]/);
    expect(scriptSrc?.split(" ").sort()).toEqual(["'self'", ...new Set(inline)].sort());
  });
});

describe("the blog's cached pages", () => {
  it("show a post as soon as it is published", async () => {
    const before = await (await get("/blog")).text();
    const title = "Cached Lists Learn of New Posts at Once";
    expect(before).not.toContain(title);
    expect((await get("/blog")).headers.get("etag")).not.toBeNull();
    const published = await fetch(`${server.url}/blog/new`, {
      method: "POST",
      headers: { cookie: writer },
      body: new URLSearchParams({
        title,
        excerpt: "The public page cache forgets the blog when a post is published.",
        content: "## Fresh\n\nRight away.",
        author: "Cache Writer",
        readTime: "2",
      }),
      redirect: "manual",
    });
    expect(published.status).toBe(302);
    expect(await (await get("/blog")).text()).toContain(title);
    expect(await (await get("/blog.data")).text()).toContain(title);
  });

  it("show a post another writer added straight to the database, page and data alike", async () => {
    const title = "Written Around the Server";
    for (const path of ["/blog", "/blog.data", "/blog?page=1", "/blog.data?page=1"]) {
      await get(path);
      expect((await get(path)).headers.get("etag"), path).not.toBeNull();
    }
    await world().rt.database.db.execute(
      sql`insert into blog_posts (title, slug, excerpt, content, author)
          values (${title}, 'written-around-the-server', 'From a script.', 'Body.', 'A Script')`,
    );
    // Within the second the version's reading is shared for (VERSION_MAX_AGE_MS), not later.
    const written = Date.now();
    for (const path of ["/blog", "/blog.data", "/blog?page=1", "/blog.data?page=1"]) {
      await expect
        .poll(async () => (await get(path)).text(), { timeout: 3_000, interval: 50 })
        .toContain(title);
    }
    expect(Date.now() - written).toBeLessThan(VERSION_MAX_AGE_MS + 500);
    await world().rt.database.db.execute(
      sql`delete from blog_posts where slug = 'written-around-the-server'`,
    );
    await expect
      .poll(async () => (await get("/blog.data")).text(), { timeout: 3_000, interval: 50 })
      .not.toContain(title);
  });
});
