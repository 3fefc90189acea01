import { describe, expect, it } from "vitest";
import { blogPostSchema, parseBlogPostForm } from "./blog-post.ts";

const valid = {
  title: "  Selling 5G Fixed Wireless  ",
  excerpt: "Why FWA wins the branch office.",
  content: "    indented code stays\n\n## Heading",
  author: " Dana Whitfield ",
  readTime: "7",
};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("the blog post schema", () => {
  it("accepts a complete post, trimming the short fields and reading the number", () => {
    expect(blogPostSchema.parse(valid)).toEqual({
      title: "Selling 5G Fixed Wireless",
      excerpt: "Why FWA wins the branch office.",
      content: "    indented code stays\n\n## Heading",
      author: "Dana Whitfield",
      readTime: 7,
    });
  });

  it("requires every field with a clear message", () => {
    expect(parseBlogPostForm(form({ title: " ", excerpt: "", content: "\n", author: "" }))).toEqual(
      {
        ok: false,
        errors: {
          title: "Title is required",
          excerpt: "Excerpt is required",
          content: "Content is required",
          author: "Author is required",
          readTime: "Read time is required",
        },
      },
    );
  });

  it("refuses a title that has no letter or digit to make a slug from", () => {
    expect(parseBlogPostForm(form({ ...valid, title: "!!! ???" }))).toEqual({
      ok: false,
      errors: { title: "Title must contain at least one letter or number" },
    });
  });

  it("holds each field to its limit", () => {
    const at = {
      ...valid,
      title: "t".repeat(200),
      excerpt: "e".repeat(500),
      content: "c".repeat(100_000),
      author: "a".repeat(100),
      readTime: "600",
    };
    expect(parseBlogPostForm(form(at)).ok).toBe(true);
    const over = {
      title: "t".repeat(201),
      excerpt: "e".repeat(501),
      content: "c".repeat(100_001),
      author: "a".repeat(101),
      readTime: "601",
    };
    expect(parseBlogPostForm(form(over))).toEqual({
      ok: false,
      errors: {
        title: "Title must be 200 characters or fewer",
        excerpt: "Excerpt must be 500 characters or fewer",
        content: "Content must be 100,000 characters or fewer",
        author: "Author must be 100 characters or fewer",
        readTime: "Read time must be 600 minutes or fewer",
      },
    });
  });

  it("wants a whole number of minutes from 1", () => {
    const readTimeError = (readTime: string) => {
      const result = parseBlogPostForm(form({ ...valid, readTime }));
      return result.ok ? undefined : result.errors.readTime;
    };
    expect(readTimeError("0")).toBe("Read time must be at least 1 minute");
    expect(readTimeError("-3")).toBe("Read time must be at least 1 minute");
    expect(readTimeError("2.5")).toBe("Read time must be a whole number of minutes");
    expect(readTimeError("five")).toBe("Read time must be a number");
    expect(readTimeError(" 1 ")).toBeUndefined();
  });
});
