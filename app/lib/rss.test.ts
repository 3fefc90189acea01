import { describe, expect, it } from "vitest";
import { rssXml } from "./rss.ts";

const post = {
  title: `Tom & Jerry's <b>"5G"</b> guide\u0007`,
  slug: "tom-jerry-s-b-5g-b-guide",
  excerpt: "Less than <3 & more than >2 ]]>",
  author: "O'Brien & Co",
  createdAt: new Date(Date.UTC(2025, 2, 5, 15, 7)),
};

describe("the RSS feed", () => {
  it("is an RSS 2.0 channel pointing at the blog and at itself", () => {
    const xml = rssXml("https://carrierline.example", []);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain("<link>https://carrierline.example/blog</link>");
    expect(xml).toContain(
      '<atom:link href="https://carrierline.example/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).not.toContain("<item>");
  });

  it("escapes every text and drops characters XML cannot hold", () => {
    const xml = rssXml("https://carrierline.example", [post]);
    expect(xml).toContain(
      "<title>Tom &#38; Jerry&#39;s &#60;b&#62;&#34;5G&#34;&#60;/b&#62; guide</title>",
    );
    expect(xml).toContain(
      "<description>Less than &#60;3 &#38; more than &#62;2 ]]&#62;</description>",
    );
    expect(xml).toContain("<dc:creator>O&#39;Brien &#38; Co</dc:creator>");
    expect(xml).not.toContain("\u0007");
    expect(xml).not.toMatch(/<b>|&(?!#\d+;)/);
  });

  it("links each post by its permanent URL and dates it in RFC 822 form", () => {
    const xml = rssXml("https://carrierline.example", [{ ...post, slug: "ガイド-2025" }]);
    const url = "https://carrierline.example/blog/%E3%82%AC%E3%82%A4%E3%83%89-2025";
    expect(xml).toContain(`<link>${url}</link>`);
    expect(xml).toContain(`<guid isPermaLink="true">${url}</guid>`);
    expect(xml).toContain("<pubDate>Wed, 05 Mar 2025 15:07:00 GMT</pubDate>");
    expect(xml).toContain("<lastBuildDate>Wed, 05 Mar 2025 15:07:00 GMT</lastBuildDate>");
  });
});
