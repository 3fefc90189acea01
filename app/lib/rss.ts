import { BLOG_SUBTITLE, blogPostPath } from "./blog.ts";
import { SITE_NAME } from "./seo.ts";
import { escapeXml } from "./xml.ts";

export type FeedItem = {
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  createdAt: Date;
};

/** An RSS 2.0 document of the blog's posts under the site origin, newest first as given. */
export function rssXml(origin: string, items: readonly FeedItem[], now = new Date()): string {
  const blogUrl = `${origin}/blog`;
  const entries = items.map((item) => {
    const url = `${origin}${blogPostPath(item.slug)}`;
    return [
      "<item>",
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `<pubDate>${item.createdAt.toUTCString()}</pubDate>`,
      // RSS's own <author> must be an email address; authors here are names.
      `<dc:creator>${escapeXml(item.author)}</dc:creator>`,
      `<description>${escapeXml(item.excerpt)}</description>`,
      "</item>",
    ].join("");
  });
  const lastBuild = items[0]?.createdAt ?? now;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    `<title>${escapeXml(`${SITE_NAME} Blog`)}</title>`,
    `<link>${escapeXml(blogUrl)}</link>`,
    `<description>${escapeXml(BLOG_SUBTITLE)}</description>`,
    "<language>en-us</language>",
    `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `<atom:link href="${escapeXml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
