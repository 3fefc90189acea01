import { getRuntime } from "../../../server/runtime.ts";
import { PUBLIC_PAGES, type SitemapEntry, sitemapXml } from "../../lib/public-pages.ts";

export async function loader() {
  const { config } = await getRuntime();
  const entries: SitemapEntry[] = [...PUBLIC_PAGES];
  return new Response(sitemapXml(config.baseUrl, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
