import { and, eq, like, or, sql } from "drizzle-orm";
import { holds, type Viewer } from "#app/lib/access.ts";
import { BLOG_FEED_SIZE, BLOG_PAGE_SIZE, type PostSummary } from "#app/lib/blog.ts";
import type { BlogPostInput } from "#app/lib/schemas/blog-post.ts";
import { slugify, slugWithSuffix } from "#app/lib/slugify.ts";
import type { Database } from "#server/db/client.ts";
import { preparedPerDatabase } from "#server/db/prepared.ts";
import { blogContentVersions, blogPosts } from "#server/db/schema/index.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { forbidden, invalidInput } from "#server/platform/errors.ts";

export type Post = PostSummary & { content: string };

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  author: blogPosts.author,
  readTime: blogPosts.readTime,
  createdAt: blogPosts.createdAt,
};

// The id breaks ties between posts created in the same instant, so pages never overlap. Written
// `desc nulls last` as blog_posts_published_newest_idx is: PostgreSQL's plain `desc` puts nulls
// first and would not use it, although neither column is ever null.
const newestFirst = [
  sql`${blogPosts.createdAt} desc nulls last`,
  sql`${blogPosts.id} desc nulls last`,
];

/** One page (from 1) of published posts, newest first, and whether another page follows. */
export async function listPublishedPosts(
  ctx: ServiceContext,
  page: number,
  pages = 1,
): Promise<{ posts: PostSummary[]; hasMore: boolean }> {
  const size = BLOG_PAGE_SIZE * pages;
  // One row past the pages tells whether "Load More Posts" would find anything.
  const rows = await ctx.db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst)
    .limit(size + 1)
    .offset((page - 1) * BLOG_PAGE_SIZE);
  return { posts: rows.slice(0, size), hasMore: rows.length > size };
}

/** The published post with this slug; drafts and unknown slugs alike are null. */
export async function publishedPostBySlug(ctx: ServiceContext, slug: string): Promise<Post | null> {
  const [row] = await ctx.db
    .select({ ...summaryColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return row ?? null;
}

/** The latest published posts for the RSS feed. */
export async function latestPublishedPosts(
  ctx: ServiceContext,
  limit = BLOG_FEED_SIZE,
): Promise<PostSummary[]> {
  return ctx.db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Every published post's slug and last change, for the sitemap. */
export async function publishedPostsForSitemap(
  ctx: ServiceContext,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return ctx.db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst);
}

/** What anyone but a platform operator reads when they try to write on the blog. */
export const BLOG_WRITERS_ONLY =
  "Only platform operators can write on the blog: it is the public site every visitor reads.";

/**
 * Whether this person may publish on the blog. A post appears on Carrierline's own site under any
 * byline its writer types, and every reseller's agent is a signed-in user, so only the site's own
 * people (platform operators) write it (decision 0043). Null: nobody is signed in.
 */
export function canWriteBlog(viewer: Viewer | null): boolean {
  return viewer !== null && holds(viewer, "operator");
}

/** Refuses anyone but a platform operator; `createPost` and `deletePost` call it, so no route can forget it. */
export function requireBlogWriter(ctx: { user: Viewer }): void {
  if (!canWriteBlog(ctx.user)) throw forbidden(BLOG_WRITERS_ONLY);
}

const MAX_SLUG_ATTEMPTS = 50;

/** The smallest suffix (1 meaning none) not yet taken by `base` or `base-N`. */
async function freeSuffix(db: Database, base: string): Promise<number> {
  const rows = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    // A slug holds only letters, digits and hyphens, so `base` has no LIKE wildcards in it.
    .where(or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  let n = 1;
  while (taken.has(slugWithSuffix(base, n))) n++;
  return n;
}

/**
 * Publishes a post (the spec has no drafts) under a slug made from its title; a slug already in use
 * gets `-2`, `-3`, ... The unique index on slug decides between concurrent creates: an insert that
 * loses (ON CONFLICT DO NOTHING, one atomic statement) looks again and tries the next free suffix.
 * Only a platform operator may publish; anyone else gets a forbidden DomainError.
 */
export async function createPost(
  ctx: UserContext,
  input: BlogPostInput,
): Promise<{ slug: string }> {
  requireBlogWriter(ctx);
  const base = slugify(input.title);
  // The form's schema says so first; this holds for any other caller.
  if (base === "") throw invalidInput("Title must contain at least one letter or number");
  for (let attempt = 0; attempt < MAX_SLUG_ATTEMPTS; attempt++) {
    const slug = slugWithSuffix(base, await freeSuffix(ctx.db, base));
    const [row] = await ctx.db
      .insert(blogPosts)
      .values({
        title: input.title,
        slug,
        excerpt: input.excerpt,
        content: input.content,
        author: input.author,
        readTime: input.readTime,
        published: true,
        createdBy: ctx.user.id,
      })
      .onConflictDoNothing({ target: blogPosts.slug })
      .returning({ slug: blogPosts.slug });
    if (row) {
      forgetContentVersion(ctx.db);
      return row;
    }
  }
  throw new Error(`no free slug for "${base}" after ${MAX_SLUG_ATTEMPTS} attempts`);
}

/**
 * Takes a post off the blog for good: its page, the list, the feed and the sitemap (the blog's
 * version moves on with it, so no cached page keeps it). Beyond the spec, which has no way to
 * remove a post; only a platform operator may (decision 0043). False: there was no such post.
 */
export async function deletePost(ctx: UserContext, slug: string): Promise<boolean> {
  requireBlogWriter(ctx);
  const removed = await ctx.db
    .delete(blogPosts)
    .where(eq(blogPosts.slug, slug))
    .returning({ id: blogPosts.id });
  if (removed.length > 0) forgetContentVersion(ctx.db);
  return removed.length > 0;
}

/**
 * The spec's connection test, for a read that failed: whether the database answers at all, which
 * tells "cannot reach the blog" from "could not read the posts".
 */
export async function databaseAnswers(ctx: ServiceContext): Promise<boolean> {
  return ctx.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
}

/**
 * A value that changes whenever the blog's pages would: a post added, removed, published or
 * edited. The public page cache keeps the blog's pages under it (decision 0032). A trigger on the
 * posts moves it on (migration 0014), whoever writes (this process, another one, a script), so
 * reading it is one primary-key lookup however many posts there are.
 *
 * Every cache hit asks, so the reading is shared: one query at a time, its answer kept for
 * VERSION_MAX_AGE_MS. A post published here forgets the kept answer at once; one written by
 * another process or a script shows within that time (a CDN keeps blog pages for 5 s anyway).
 */
export const VERSION_MAX_AGE_MS = 1_000;

const contentVersionQuery = preparedPerDatabase((db) =>
  db
    .select({ version: blogContentVersions.version })
    .from(blogContentVersions)
    .where(eq(blogContentVersions.id, 1))
    .prepare("blog_content_version"),
);

type KeptVersion = { reading: Promise<string>; at: number };
const keptVersions = new WeakMap<Database, KeptVersion>();

async function readContentVersion(db: Database): Promise<string> {
  const [row] = await contentVersionQuery(db).execute();
  // Without its row the version cannot tell a change: the caller renders, as when unreadable.
  if (!row) throw new Error("blog_content_version has no row");
  return String(row.version);
}

export function blogContentVersion(ctx: ServiceContext): Promise<string> {
  const kept = keptVersions.get(ctx.db);
  if (kept && performance.now() - kept.at < VERSION_MAX_AGE_MS) return kept.reading;
  const reading = readContentVersion(ctx.db);
  const entry = { reading, at: performance.now() };
  keptVersions.set(ctx.db, entry);
  // A failed reading is not kept: the next hit asks again.
  reading.catch(() => {
    if (keptVersions.get(ctx.db) === entry) keptVersions.delete(ctx.db);
  });
  return reading;
}

/** After a write to the posts through this process: the next reading asks the database. */
function forgetContentVersion(db: Database) {
  keptVersions.delete(db);
}
