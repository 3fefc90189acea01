import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_MESSAGES } from "#app/lib/blog.ts";
import { formatDate, formatLongDate } from "#app/lib/format.ts";
import { BLOG_MAX_SHOWN } from "#app/lib/schemas/blog-list.ts";
import { blogPostSchema } from "#app/lib/schemas/blog-post.ts";
import { openDatabase } from "#server/db/client.ts";
import { blogPosts } from "#server/db/schema/index.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { setRuntime } from "#server/runtime.server.ts";
import {
  BLOG_WRITERS_ONLY,
  blogContentVersion,
  createPost,
  deletePost,
  VERSION_MAX_AGE_MS,
} from "#server/site/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { startPageServer } from "./helpers/pages.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The blog over HTTP: the real server renders the pages and runs the create action on a real
// database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). Only platform operators write
// (decision 0043): the writer is one by PLATFORM_OPERATORS; a reseller's agent and admin are not.

const world = setUpTestRuntime({
  pages: true,
  env: { PLATFORM_OPERATORS: "writer@blog-writers.example" },
});
let rt: TestRuntime;
let server: PageServer;
let operator: string;
let operatorId: string;
let agent: string;
let resellerAdmin: string;

/** A new account in `company`, signed in over HTTP: its id and the Cookie header it sends. */
async function signedIn(company: string, username: string, role: "agent" | "admin" = "agent") {
  const password = `${username}-password-1`;
  const { userId } = await createCompanyWithAgent(rt, { company, username, password, role });
  return { userId, cookie: await signInCookie(server.url, username, password) };
}

beforeAll(async () => {
  ({ rt, pages: server } = world());
  ({ userId: operatorId, cookie: operator } = await signedIn("Blog Writers", "writer"));
  ({ cookie: agent } = await signedIn("Some Reseller", "reseller_agent"));
  ({ cookie: resellerAdmin } = await signedIn("Some Reseller", "reseller_admin", "admin"));
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** The titles of the post cards on a list page, in order. */
const cardTitles = (html: string) =>
  [...html.matchAll(/<a id="post-[^"]+" [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);

const loadMoreHref = (html: string) =>
  html.match(/<a [^>]*href="([^"]+)"[^>]*>Load More Posts<\/a>/)?.[1] ?? null;

const validPost = {
  title: "Selling Fixed Wireless to Branch Offices",
  excerpt: "Where 5G fixed wireless wins, and where cable still does.",
  content: "## Why now\n\nCarriers have capacity.",
  author: "Dana Whitfield",
  readTime: "6",
};

describe("an empty blog", () => {
  it("says so, and invites only a platform operator to write the first post", async () => {
    // A visitor, a reseller's agent and a reseller's admin see no way to write.
    for (const [who, cookie] of [
      ["visitor", undefined],
      ["agent", agent],
      ["reseller admin", resellerAdmin],
    ] as const) {
      const html = await (await get("/blog", cookie)).text();
      expect(html, who).toContain("No posts found.");
      expect(html, who).not.toContain("Create your first post!");
      expect(html, who).not.toContain("Create New Post");
      expect(html, who).not.toContain('href="/blog/new"');
      expect(loadMoreHref(html), who).toBeNull();
    }

    const writer = await (await get("/blog", operator)).text();
    expect(writer).toContain("No posts found.");
    expect(writer).toMatch(/<a [^>]*href="\/blog\/new"[^>]*>Create your first post!<\/a>/);
    expect(writer).toMatch(/<a [^>]*href="\/blog\/new"[^>]*>Create New Post<\/a>/);
  });
});

describe("published and unpublished posts", () => {
  // Post 1 is the oldest; the two drafts are the newest, so a missing filter would show them first.
  const day = (n: number) => new Date(Date.UTC(2025, 2, n, 15, 7));
  const published = Array.from({ length: 13 }, (_, i) => ({
    title: `Published post ${i + 1}`,
    slug: `published-post-${i + 1}`,
    excerpt: `Excerpt ${i + 1}`,
    content: `Body of post ${i + 1}`,
    author: `Author ${i + 1}`,
    readTime: i + 1,
    published: true,
    createdAt: day(i + 1),
  }));
  const drafts = [1, 2].map((i) => ({
    title: `Draft post ${i}`,
    slug: `draft-post-${i}`,
    excerpt: "Not yet",
    content: "Secret",
    author: "Nobody",
    readTime: 3,
    published: false,
    createdAt: day(20 + i),
  }));
  const newestFirst = published.map((p) => p.title).reverse();

  beforeAll(async () => {
    await rt.database.db.insert(blogPosts).values([...published, ...drafts]);
    // Written around the server, as a script would: the public page cache learns of it once its
    // shared reading of the blog's version is older than VERSION_MAX_AGE_MS.
    await new Promise((resolve) => setTimeout(resolve, VERSION_MAX_AGE_MS));
  });

  it("lists 6, 6 and then 1 post, newest first, with Load More only while more exist", async () => {
    const page1 = await (await get("/blog")).text();
    expect(cardTitles(page1)).toEqual(newestFirst.slice(0, 6));
    expect(loadMoreHref(page1)).toBe("/blog?shown=2");

    const page2 = await (await get("/blog?page=2")).text();
    expect(cardTitles(page2)).toEqual(newestFirst.slice(6, 12));
    expect(loadMoreHref(page2)).toBe("/blog?page=3");

    const page3 = await (await get("/blog?page=3")).text();
    expect(cardTitles(page3)).toEqual(newestFirst.slice(12));
    expect(loadMoreHref(page3)).toBeNull();

    for (const html of [page1, page2, page3]) expect(html).not.toContain("Draft post");
  });

  it("renders what Load More gathered, pages 1..N, from the URL a Back or a reload asks", async () => {
    const two = await (await get("/blog?shown=2")).text();
    expect(cardTitles(two)).toEqual(newestFirst.slice(0, 12));
    expect(loadMoreHref(two)).toBe("/blog?shown=3");
    const three = await (await get("/blog?shown=3")).text();
    expect(cardTitles(three)).toEqual(newestFirst);
    expect(loadMoreHref(three)).toBeNull();
    for (const shown of ["0", "21", "abc", "2.5"]) {
      const html = await (await get(`/blog?shown=${shown}`)).text();
      expect(cardTitles(html), shown).toEqual(newestFirst.slice(0, 6));
    }
  });

  it("shows each card's author, short date and read time", async () => {
    const page1 = await (await get("/blog")).text();
    const newest = published[12];
    expect(formatDate(day(13))).toBe("Mar 13, 2025");
    expect(page1).toContain(`>${newest?.author}</span>`);
    expect(page1).toContain(`>${formatDate(day(13))}</time>`);
    expect(page1).toContain(">13 min read</span>");
  });

  it("reads a bad page number as the first page", async () => {
    for (const page of ["0", "-1", "abc", "1.5"]) {
      const html = await (await get(`/blog?page=${page}`)).text();
      expect(cardTitles(html), page).toEqual(newestFirst.slice(0, 6));
    }
  });

  it("shows a published post, and answers 404 'Post not found' for drafts and unknown slugs", async () => {
    const res = await get("/blog/published-post-5");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Published post 5</h1>");
    expect(html).toContain(`>${formatLongDate(day(5))}</time>`);
    expect(formatLongDate(day(5))).toBe("March 5, 2025");
    expect(html).toContain(">5 min read</span>");
    expect(html).toContain('<p class="my-5">Body of post 5</p>');
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain("<title>Published post 5 | Carrierline Blog</title>");

    for (const slug of ["draft-post-1", "no-such-post"]) {
      const missing = await get(`/blog/${slug}`);
      expect(missing.status, slug).toBe(404);
      const body = await missing.text();
      expect(body).toContain(`${BLOG_MESSAGES.notFound}</h1>`);
      expect(body).not.toContain("Secret");
    }
  });

  it("feeds the published posts to RSS readers, newest first, and never a draft", async () => {
    const res = await get("/blog/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    const titles = [...xml.matchAll(/<item><title>([^<]+)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(newestFirst);
    expect(xml).not.toContain("Draft post");
  });

  it("lists the published posts in the sitemap with their dates, and never a draft", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    for (const post of published) {
      expect(xml).toMatch(
        new RegExp(`<loc>[^<]+/blog/${post.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
      );
    }
    expect(xml).toContain("/blog</loc>");
    expect(xml).not.toContain("draft-post");
  });
});

describe("creating a post", () => {
  it("sends a visitor to sign in first, with the way back", async () => {
    const res = await get("/blog/new");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fblog%2Fnew");
  });

  it("refuses a visitor who posts to the action directly", async () => {
    const before = await rt.database.db.$count(blogPosts);
    // As the page's own script sends it: the action answers with the spec's message.
    const dataRequest = await postForm("/blog/new.data", validPost);
    expect(dataRequest.status).toBe(401);
    expect(await dataRequest.text()).toContain(BLOG_MESSAGES.signInToCreate);

    // As a plain form (or a script elsewhere) sends it, with no cookie or a forged one: nothing is
    // created and the page itself sends the visitor to sign in.
    for (const cookie of [undefined, "better-auth.session_token=forged.value"]) {
      const page = await postForm("/blog/new", validPost, cookie);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fblog%2Fnew");
    }
    expect(await rt.database.db.$count(blogPosts)).toBe(before);
  });

  it("answers a signed-in agent or a reseller's admin 403 with the reason, and no form", async () => {
    for (const cookie of [agent, resellerAdmin]) {
      const res = await get("/blog/new", cookie);
      expect(res.status).toBe(403);
      const html = await res.text();
      expect(html).toContain(`${BLOG_WRITERS_ONLY}</h1>`);
      expect(html).not.toContain("Create New Blog Post</h1>");
      expect(html).not.toContain('name="content"');
      // The refusal is drawn inside the site's frame, with the ways on.
      expect(html).toMatch(/<a [^>]*href="\/blog"[^>]*>Back to Blog<\/a>/);
    }
    const data = await get("/blog/new.data", agent);
    expect(data.status).toBe(403);
  });

  it("refuses an agent's or a reseller admin's post to the action, and creates nothing", async () => {
    const before = await rt.database.db.$count(blogPosts);
    const phishing = {
      ...validPost,
      title: "Security notice: confirm your account",
      author: "Carrierline Security Team",
    };
    for (const cookie of [agent, resellerAdmin]) {
      // As the page's own script sends it, and as a plain form (or a script elsewhere) does.
      for (const path of ["/blog/new.data", "/blog/new"]) {
        const res = await postForm(path, phishing, cookie);
        expect(res.status, path).toBe(403);
        expect(res.headers.get("location"), path).toBeNull();
        expect(await res.text(), path).toContain(BLOG_WRITERS_ONLY);
      }
    }
    expect(await rt.database.db.$count(blogPosts)).toBe(before);
    const rows = await rt.database.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.title, phishing.title));
    expect(rows).toEqual([]);
  });

  it("refuses a non-operator in the service itself, whichever route calls it", async () => {
    const before = await rt.database.db.$count(blogPosts);
    const input = { ...blogPostSchema.parse(validPost), title: "Straight to the Service" };
    for (const username of ["reseller_agent", "reseller_admin"]) {
      const ctx = await userContextFor(rt, { username });
      expect(ctx.user.platformOperator).toBe(false);
      const refusal = await createPost(ctx, input).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDomainError(refusal) && refusal.kind).toBe("forbidden");
      expect(refusal instanceof Error && refusal.message).toBe(BLOG_WRITERS_ONLY);
    }
    expect(await rt.database.db.$count(blogPosts)).toBe(before);
  });

  it("publishes a platform operator's post and opens it; the same title again gets -2", async () => {
    const first = await postForm("/blog/new", validPost, operator);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/blog/selling-fixed-wireless-to-branch-offices");
    const second = await postForm("/blog/new", validPost, operator);
    expect(second.headers.get("location")).toBe("/blog/selling-fixed-wireless-to-branch-offices-2");

    const rows = await rt.database.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.title, validPost.title));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.published && r.createdBy === operatorId && r.readTime === 6)).toBe(
      true,
    );
    const page = await get("/blog/selling-fixed-wireless-to-branch-offices-2");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h2");
  });

  it("gives 20 concurrent posts of one title 20 distinct slugs", async () => {
    const title = "Twenty at Once";
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postForm("/blog/new", { ...validPost, title }, operator)),
    );
    const locations = responses.map((r) => r.headers.get("location"));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(302));
    expect(new Set(locations).size).toBe(20);
    const rows = await rt.database.db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(eq(blogPosts.title, title));
    expect(rows.map((r) => r.slug).sort()).toEqual(
      ["twenty-at-once", ...Array.from({ length: 19 }, (_, i) => `twenty-at-once-${i + 2}`)].sort(),
    );
  });

  it("settles the race in the service too, where every create reads before any inserts", async () => {
    const input = { ...blogPostSchema.parse(validPost), title: "Race Condition" };
    const ctx = await userContextFor(rt, { id: operatorId });
    const created = await Promise.all(Array.from({ length: 20 }, () => createPost(ctx, input)));
    expect(new Set(created.map((c) => c.slug)).size).toBe(20);
    expect(created.map((c) => c.slug)).toContain("race-condition-20");
  });

  it("refuses input over the limits, or missing, with clear messages and keeps the text", async () => {
    const before = await rt.database.db.$count(blogPosts);
    const over = await postForm(
      "/blog/new",
      {
        title: "t".repeat(201),
        excerpt: "e".repeat(501),
        content: "c".repeat(100_001),
        author: "a".repeat(101),
        readTime: "601",
      },
      operator,
    );
    expect(over.status).toBe(400);
    const html = await over.text();
    for (const message of [
      "Title must be 200 characters or fewer",
      "Excerpt must be 500 characters or fewer",
      "Content must be 100,000 characters or fewer",
      "Author must be 100 characters or fewer",
      "Read time must be 600 minutes or fewer",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain(`value="${"t".repeat(201)}"`);

    const empty = await postForm(
      "/blog/new",
      { title: "?!", excerpt: " ", content: "", author: "", readTime: "0" },
      operator,
    );
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    for (const message of [
      "Title must contain at least one letter or number",
      "Excerpt is required",
      "Content is required",
      "Author is required",
      "Read time must be at least 1 minute",
    ]) {
      expect(emptyHtml).toContain(message);
    }
    expect(await rt.database.db.$count(blogPosts)).toBe(before);
  });

  it("never lets a post's raw HTML into the page", async () => {
    const res = await postForm(
      "/blog/new",
      {
        ...validPost,
        title: "Raw HTML stays text",
        content:
          '<script>window.__pwned = 1</script>\n\nHi <img src=x onerror="window.__pwned = 2"> [x](javascript:alert(1))',
      },
      operator,
    );
    const html = await (await get(res.headers.get("location") ?? "")).text();
    expect(html).not.toContain("<script>window.__pwned");
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toContain("javascript:");
    expect(html).toContain("&lt;script&gt;window.__pwned = 1&lt;/script&gt;");
  });
});

describe("deleting a post", () => {
  const made: string[] = [];
  /** A new post by the operator, with its slug; gone again after these tests. */
  async function publish(title: string): Promise<string> {
    const res = await postForm("/blog/new", { ...validPost, title }, operator);
    expect(res.status).toBe(302);
    const slug = res.headers.get("location")?.replace("/blog/", "");
    if (!slug) throw new Error("no post was made");
    made.push(slug);
    return slug;
  }
  // The later tests count the feed's posts.
  afterAll(async () => {
    const ctx = await userContextFor(rt, { id: operatorId });
    for (const slug of made) await deletePost(ctx, slug);
  });

  it("shows Delete post to a platform operator only", async () => {
    const slug = await publish("Who Sees the Delete Button");
    expect(await (await get(`/blog/${slug}`, operator)).text()).toContain("Delete post");
    for (const cookie of [undefined, agent, resellerAdmin]) {
      const html = await (await get(`/blog/${slug}`, cookie)).text();
      expect(html).toContain("Who Sees the Delete Button</h1>");
      expect(html).not.toContain("Delete post");
    }
  });

  it("refuses a visitor, an agent and a reseller's admin, as a form and as the page's script sends it; the post stays", async () => {
    const slug = await publish("A Post Nobody Else Can Delete");
    for (const path of [`/blog/${slug}`, `/blog/${slug}.data`]) {
      const visitor = await postForm(path, { intent: "delete" });
      expect(visitor.status, path).toBe(401);
      expect(await visitor.text(), path).toContain(BLOG_MESSAGES.signInToDelete);
      for (const cookie of [agent, resellerAdmin]) {
        const res = await postForm(path, { intent: "delete" }, cookie);
        expect(res.status, path).toBe(403);
        expect(await res.text(), path).toContain(BLOG_WRITERS_ONLY);
      }
    }
    expect((await get(`/blog/${slug}`)).status).toBe(200);
    for (const username of ["reseller_agent", "reseller_admin"]) {
      const refusal = await deletePost(await userContextFor(rt, { username }), slug).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDomainError(refusal) && refusal.kind).toBe("forbidden");
    }
    expect((await get(`/blog/${slug}`)).status).toBe(200);
  });

  it("takes an operator's post off its page (the cached copy too), the list, the feed and the sitemap", async () => {
    const title = "The Summer Promo Is Over";
    const slug = await publish(title);
    // A visitor's read puts the page in the public page cache.
    expect((await get(`/blog/${slug}`)).status).toBe(200);
    expect((await get(`/blog/${slug}`)).status).toBe(200);
    expect(await (await get("/blog/rss.xml")).text()).toContain(title);

    const res = await postForm(`/blog/${slug}`, { intent: "delete" }, operator);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/blog");

    const page = await get(`/blog/${slug}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(`${BLOG_MESSAGES.notFound}</h1>`);
    expect(cardTitles(await (await get("/blog")).text())).not.toContain(title);
    expect(await (await get("/blog/rss.xml")).text()).not.toContain(title);
    expect(await (await get("/sitemap.xml")).text()).not.toContain(`/blog/${slug}<`);
    const rows = await rt.database.db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
    expect(rows).toEqual([]);

    // Deleted already, in another tab: back to the list, nothing else touched.
    const again = await postForm(`/blog/${slug}`, { intent: "delete" }, operator);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/blog");
  });

  it("deletes nothing for a form that does not ask to delete", async () => {
    const slug = await publish("A Post Posted To Without Intent");
    const forms: Record<string, string>[] = [{}, { intent: "publish" }];
    for (const fields of forms) {
      const res = await postForm(`/blog/${slug}`, fields, operator);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(BLOG_MESSAGES.deleteOnly.replaceAll("'", "&#x27;"));
    }
    expect((await get(`/blog/${slug}`)).status).toBe(200);
  });
});

describe("past the pages Load More gathers", () => {
  // 126 posts older than every other one: Load More gathers pages 1..BLOG_MAX_SHOWN (120 posts),
  // and from there on the list goes a page at a time.
  const old = Array.from({ length: 126 }, (_, i) => ({
    title: `Archive post ${i + 1}`,
    slug: `archive-post-${i + 1}`,
    excerpt: "From the archive",
    content: "Old news",
    author: "Archivist",
    readTime: 2,
    published: true,
    createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
  }));
  beforeAll(async () => {
    await rt.database.db.insert(blogPosts).values(old);
    await new Promise((resolve) => setTimeout(resolve, VERSION_MAX_AGE_MS));
  });
  afterAll(async () => {
    await rt.database.db.delete(blogPosts).where(sql`${blogPosts.slug} like 'archive-post-%'`);
    await new Promise((resolve) => setTimeout(resolve, VERSION_MAX_AGE_MS));
  });

  it("goes on to the page after the last one gathered, not back to page 2", async () => {
    const gathered = await (await get(`/blog?shown=${BLOG_MAX_SHOWN}`)).text();
    const seen = cardTitles(gathered);
    expect(seen).toHaveLength(BLOG_MAX_SHOWN * 6);
    expect(loadMoreHref(gathered)).toBe(`/blog?page=${BLOG_MAX_SHOWN + 1}`);

    const next = await (await get(`/blog?page=${BLOG_MAX_SHOWN + 1}`)).text();
    const fresh = cardTitles(next);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.filter((title) => seen.includes(title))).toEqual([]);
    expect(loadMoreHref(next)).toBe(`/blog?page=${BLOG_MAX_SHOWN + 2}`);
  });
});

describe("the feed's length", () => {
  it("holds the latest 20 published posts", async () => {
    const xml = await (await get("/blog/rss.xml")).text();
    const titles = [...xml.matchAll(/<item><title>([^<]+)<\/title>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe("Raw HTML stays text");
    expect(titles).not.toContain("Published post 13");
  });
});

describe("the blog's content version", () => {
  it("is read once for every caller within a second, and afresh after a post published here", async () => {
    const ctx = await userContextFor(rt, { id: operatorId });
    const first = blogContentVersion(ctx);
    // One reading shared by every cache hit of the second: the same answer, not a new query.
    expect(blogContentVersion(ctx)).toBe(first);
    const before = await first;
    await createPost(ctx, {
      ...blogPostSchema.parse(validPost),
      title: "Versions Move With Every Post",
    });
    const after = await blogContentVersion(ctx);
    expect(Number(after)).toBeGreaterThan(Number(before));
  });
});

describe("when the database does not answer", () => {
  it("shows the connection message on /blog and sends post readers back to it", async () => {
    // A server nobody listens on: every query fails to connect, as with a stopped database.
    const down = await openDatabase({
      kind: "postgres",
      url: "postgres://postgres@127.0.0.1:9/none",
    });
    // Pages read the runtime the HTTP server hands them, so this server serves the stopped one.
    const downServer = await startPageServer({ ...rt, database: down });
    const get = (path: string) => fetch(`${downServer.url}${path}`, { redirect: "manual" });
    try {
      const res = await get("/blog");
      expect(res.status).toBe(503);
      const html = await res.text();
      expect(html).toContain(BLOG_MESSAGES.unreachable);
      expect(html).not.toContain("No posts found.");
      expect(cardTitles(html)).toEqual([]);
      const post = await get("/blog/published-post-5");
      expect(post.status).toBe(302);
      expect(post.headers.get("location")).toBe("/blog");
    } finally {
      await downServer.close();
      setRuntime(rt);
      await down.close();
    }
  });

  it("says 'Failed to fetch posts' when the database answers but the read fails", async () => {
    await rt.database.db.execute(sql`alter table blog_posts rename to blog_posts_away`);
    try {
      const res = await get("/blog");
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(html).toContain(BLOG_MESSAGES.fetchFailed);
      expect(html).not.toContain(BLOG_MESSAGES.unreachable);
    } finally {
      await rt.database.db.execute(sql`alter table blog_posts_away rename to blog_posts`);
    }
  });
});
