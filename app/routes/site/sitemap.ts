import { getRuntime } from "../../../server/runtime.ts";
import { publishedPostsForSitemap } from "../../../server/services/blog.server.ts";
import { blogPostPath } from "../../lib/blog.ts";
import { PUBLIC_PAGES, type SitemapEntry, sitemapXml } from "../../lib/public-pages.ts";

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
