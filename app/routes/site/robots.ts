import { robotsTxt } from "#app/lib/public-pages.ts";
import { getRuntime } from "#server/runtime.server.ts";

export async function loader() {
  const { config } = await getRuntime();
  return new Response(robotsTxt(config.baseUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
