import { z } from "zod";

/**
 * How many pages "Load More Posts" may gather into one list (`/blog?shown=N`): enough for any
 * reader, few enough that the public page cache keeps at most this many copies of the list.
 */
export const BLOG_MAX_SHOWN = 20;

/**
 * The blog list's query: `?page=N` is one page (the links without JavaScript and "Newer posts"),
 * `?shown=N` is pages 1..N, what "Load More Posts" leaves in the URL so Back and a reload show
 * the same list. Anything out of range reads as the first page.
 */
export const blogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  shown: z.coerce.number().int().min(1).max(BLOG_MAX_SHOWN).catch(1),
});

export type BlogListQuery = z.output<typeof blogListQuerySchema>;

export function readBlogListQuery(params: URLSearchParams): BlogListQuery {
  return blogListQuerySchema.parse({
    page: params.get("page") ?? undefined,
    shown: params.get("shown") ?? undefined,
  });
}
