import { blogPostPath } from "#app/lib/blog.ts";
import { PUBLIC_PAGES, type SitemapEntry, sitemapXml } from "#app/lib/public-pages.ts";
import { getRuntime } from "#server/runtime.server.ts";
import { publishedPostsForSitemap } from "#server/site/blog.ts";

export async function loader() {
  const { config, database } = await getRuntime();
  const posts = await publishedPostsForSitemap(database.db);
  const entries: SitemapEntry[] = [
    ...PUBLIC_PAGES,
    ...posts.map((p) => ({ path: blogPostPath(p.slug), priority: 0.6, lastModified: p.updatedAt })),
  ];
  return new Response(sitemapXml(config.baseUrl, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
