import { escapeXml } from "./xml.ts";

/** The public marketing pages, in the order the sitemap lists them. */
export const PUBLIC_PAGES = [
  { path: "/", priority: 1 },
  { path: "/features", priority: 0.8 },
  { path: "/how-it-works", priority: 0.8 },
  { path: "/about", priority: 0.6 },
  { path: "/join", priority: 0.6 },
  { path: "/blog", priority: 0.7 },
  { path: "/legal", priority: 0.3 },
  { path: "/docs/certified-devices", priority: 0.4 },
] as const;

export type SitemapEntry = { path: string; priority: number; lastModified?: Date };

/** A sitemaps.org urlset for these entries under the site origin. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified
      ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`
      : "";
    return `<url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}<priority>${entry.priority.toFixed(1)}</priority></url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: the public site is open to crawlers; the portal and the APIs are not for them. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Disallow: /login",
    "Disallow: /logout",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
