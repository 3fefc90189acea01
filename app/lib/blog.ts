/** Public-site spec §9: posts per page of the list, and the feed's length (issue 5). */
export const BLOG_PAGE_SIZE = 6;
export const BLOG_FEED_SIZE = 20;

export const BLOG_TITLE = "Insights on AI-Powered Telecom Distribution";
export const BLOG_SUBTITLE =
  "Stay updated with the latest trends, insights, and best practices in telecom distribution.";

/** Public-site spec §8, word for word. */
export const BLOG_MESSAGES = {
  unreachable: "Unable to connect to the database. Please try again later.",
  fetchFailed: "Failed to fetch posts",
  createFailed: "Failed to create post",
  signInToCreate: "You must be logged in to create a post",
  notFound: "Post not found",
  // Beyond the spec, which cannot remove a post.
  signInToDelete: "You must be logged in to delete a post",
  deleteOnly: "This form can only delete the post.",
} as const;

/** A published post as lists, the feed and the post page show it (content aside). */
export type PostSummary = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  readTime: number;
  createdAt: Date;
};

/** A post's page; slugs may hold letters of any script, so the path segment is encoded. */
export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/**
 * A post with its publication time as an ISO string, which the page writes out in the reader's
 * own zone (LocalTime: the server's rendering, the one the public page cache keeps for everyone,
 * is in the server's zone, and the browser writes its own once hydrated).
 */
export function withIsoDate<T extends { createdAt: Date }>(post: T): IsoDated<T> {
  const { createdAt, ...rest } = post;
  return { ...rest, isoDate: createdAt.toISOString() };
}

export type IsoDated<T extends { createdAt: Date }> = Omit<T, "createdAt"> & { isoDate: string };
