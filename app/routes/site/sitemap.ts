import { blogPostPath } from "#app/lib/blog.ts";
import { PUBLIC_PAGES, type SitemapEntry, sitemapXml } from "#app/lib/public-pages.ts";
import { publishedPostsForSitemap } from "#server/site/blog.ts";
import { runtimeOf } from "#server/web/context.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { config, database } = await runtimeOf(context);
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
