import { rssXml } from "#app/lib/rss.ts";
import { latestPublishedPosts } from "#server/site/blog.ts";
import { runtimeOf } from "#server/web/context.ts";
import type { Route } from "./+types/rss";

export async function loader({ context }: Route.LoaderArgs) {
  const { config, database } = await runtimeOf(context);
  const posts = await latestPublishedPosts(database.db);
  return new Response(rssXml(config.baseUrl, posts), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      // Feed readers poll often; a short cache spares the database without hiding new posts long.
      "Cache-Control": "public, max-age=600",
    },
  });
}
