import { rssXml } from "#app/lib/rss.ts";
import { latestPublishedPosts } from "#server/site/index.ts";
import { servicesOf } from "#server/web/context.ts";
import type { Route } from "./+types/rss";

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = await servicesOf(context);
  const posts = await latestPublishedPosts(ctx);
  return new Response(rssXml(ctx.config.baseUrl, posts), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      // Feed readers poll often; a short cache spares the database without hiding new posts long.
      "Cache-Control": "public, max-age=600",
    },
  });
}
