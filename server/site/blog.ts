import { and, desc, eq, like, or } from "drizzle-orm";
import { BLOG_FEED_SIZE, BLOG_PAGE_SIZE, type PostSummary } from "#app/lib/blog.ts";
import type { BlogPostInput } from "#app/lib/schemas/blog-post.ts";
import { slugify, slugWithSuffix } from "#app/lib/slugify.ts";
import type { Database } from "#server/db/client.ts";
import { blogPosts } from "#server/db/schema/index.ts";

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

// The id breaks ties between posts created in the same instant, so pages never overlap.
const newestFirst = [desc(blogPosts.createdAt), desc(blogPosts.id)];

/** One page (from 1) of published posts, newest first, and whether another page follows. */
export async function listPublishedPosts(
  db: Database,
  page: number,
): Promise<{ posts: PostSummary[]; hasMore: boolean }> {
  // One row past the page tells whether "Load More Posts" would find anything.
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst)
    .limit(BLOG_PAGE_SIZE + 1)
    .offset((page - 1) * BLOG_PAGE_SIZE);
  return { posts: rows.slice(0, BLOG_PAGE_SIZE), hasMore: rows.length > BLOG_PAGE_SIZE };
}

/** The published post with this slug; drafts and unknown slugs alike are null. */
export async function publishedPostBySlug(db: Database, slug: string): Promise<Post | null> {
  const [row] = await db
    .select({ ...summaryColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return row ?? null;
}

/** The latest published posts for the RSS feed. */
export async function latestPublishedPosts(
  db: Database,
  limit = BLOG_FEED_SIZE,
): Promise<PostSummary[]> {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Every published post's slug and last change, for the sitemap. */
export async function publishedPostsForSitemap(
  db: Database,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst);
}

/** A create that cannot be carried out as asked; the message is meant for the author. */
export class BlogPostError extends Error {}

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
 */
export async function createPost(
  db: Database,
  input: BlogPostInput,
  author: { id: string },
): Promise<{ slug: string }> {
  const base = slugify(input.title);
  if (base === "") throw new BlogPostError("Title must contain at least one letter or number");
  for (let attempt = 0; attempt < MAX_SLUG_ATTEMPTS; attempt++) {
    const slug = slugWithSuffix(base, await freeSuffix(db, base));
    const [row] = await db
      .insert(blogPosts)
      .values({
        title: input.title,
        slug,
        excerpt: input.excerpt,
        content: input.content,
        author: input.author,
        readTime: input.readTime,
        published: true,
        createdBy: author.id,
      })
      .onConflictDoNothing({ target: blogPosts.slug })
      .returning({ slug: blogPosts.slug });
    if (row) return row;
  }
  throw new Error(`no free slug for "${base}" after ${MAX_SLUG_ATTEMPTS} attempts`);
}
