import { rssXml } from "#app/lib/rss.ts";
import { getRuntime } from "#server/runtime.server.ts";
import { latestPublishedPosts } from "#server/site/blog.ts";

export async function loader() {
  const { config, database } = await getRuntime();
  const posts = await latestPublishedPosts(database.db);
  return new Response(rssXml(config.baseUrl, posts), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      // Feed readers poll often; a short cache spares the database without hiding new posts long.
      "Cache-Control": "public, max-age=600",
    },
  });
}
