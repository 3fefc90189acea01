import { blogPostPath } from "#app/lib/blog.ts";
import { PUBLIC_PAGES, type SitemapEntry, sitemapXml } from "#app/lib/public-pages.ts";
import { publishedPostsForSitemap } from "#server/site/index.ts";
import { servicesOf } from "#server/web/context.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = await servicesOf(context);
  const posts = await publishedPostsForSitemap(ctx);
  const entries: SitemapEntry[] = [
    ...PUBLIC_PAGES,
    ...posts.map((p) => ({ path: blogPostPath(p.slug), priority: 0.6, lastModified: p.updatedAt })),
  ];
  return new Response(sitemapXml(ctx.config.baseUrl, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
