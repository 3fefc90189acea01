import { robotsTxt } from "#app/lib/public-pages.ts";
import { servicesOf } from "#server/web/context.ts";
import type { Route } from "./+types/robots";

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = await servicesOf(context);
  return new Response(robotsTxt(config.baseUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
