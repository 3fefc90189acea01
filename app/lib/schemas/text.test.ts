import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { blogPostSchema } from "./blog-post.ts";
import { loginSchema } from "./login.ts";
import { CONTROL_CHARACTER_MESSAGE, text } from "./text.ts";
import { waitlistFieldError } from "./waitlist.ts";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("the text primitive", () => {
  it("refuses NUL and every other C0 control character and DEL in a single line", () => {
    for (const bad of [
      "a\u0000b",
      "\u0001",
      "tab\there",
      "line\nbreak",
      "cr\r",
      "\u001b[31m",
      "\u007f",
    ]) {
      expect(messageOf(text().safeParse(bad)), JSON.stringify(bad)).toBe(CONTROL_CHARACTER_MESSAGE);
    }
    expect(text().safeParse("Ana Müller 😀 𝒜").success).toBe(true);
  });

  it("refuses C1 controls, Unicode line breaks and the characters that reorder text", () => {
    for (const bad of [
      "Bob\u0085Bcc: x@example.com",
      "Bob\u2028Bcc: x@example.com",
      "para\u2029graph",
      "\u202emoc.elpmaxe",
      "a\u202ab",
      "\u2066isolated\u2069",
      "\u009b31m",
    ]) {
      expect(messageOf(text().safeParse(bad)), JSON.stringify(bad)).toBe(CONTROL_CHARACTER_MESSAGE);
    }
    const multiline = text({ multiline: true });
    for (const bad of ["a\u0085b", "\u202eevil", "\u2067x"]) {
      expect(messageOf(multiline.safeParse(bad)), JSON.stringify(bad)).toBe(
        CONTROL_CHARACTER_MESSAGE,
      );
    }
    // Right-to-left names, and the marks they may carry, are text.
    for (const good of ["שלום עולם", "مرحبا\u200f 2026", "\u200eAcme"]) {
      expect(text().safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
  });

  it("keeps tab and line breaks in a multi-line text, and nothing else", () => {
    const multiline = text({ multiline: true });
    expect(multiline.safeParse("a\tb\r\nc\nd").success).toBe(true);
    for (const bad of ["a\u0000b", "\u000b", "\u000c", "\u001b", "\u007f"]) {
      expect(messageOf(multiline.safeParse(bad)), JSON.stringify(bad)).toBe(
        CONTROL_CHARACTER_MESSAGE,
      );
    }
  });

  it("refuses half a character (a lone surrogate), which no database can store", () => {
    for (const bad of ["\ud800", "a\udfffb", "\udc00\ud800"]) {
      expect(messageOf(text().safeParse(bad)), JSON.stringify(bad)).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it("says so before any other rule of the field, and keeps the field's own messages", () => {
    const field = text({ error: "Name is required" }).trim().min(1, "Name is required").max(3);
    expect(messageOf(field.safeParse("\u0000"))).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(messageOf(field.safeParse(undefined))).toBe("Name is required");
    expect(messageOf(field.safeParse("  "))).toBe("Name is required");
    expect(waitlistFieldError("name", "Ana\u0000")).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(messageOf(loginSchema.safeParse({ username: "de\u0000mo", password: "x" }))).toBe(
      CONTROL_CHARACTER_MESSAGE,
    );
  });

  it("lets a blog post keep its line breaks and indentation", () => {
    const post = {
      title: "T",
      excerpt: "Two\r\nlines",
      content: "\tcode\r\n\r\n## Heading",
      author: "A",
      readTime: "5",
    };
    expect(blogPostSchema.safeParse(post).success).toBe(true);
    expect(blogPostSchema.safeParse({ ...post, title: "T\nT" }).success).toBe(false);
  });

  it("is what every string field of every shared schema starts from", () => {
    const folder = import.meta.dirname;
    const offenders = readdirSync(folder)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "text.ts")
      .filter((f) => /\bz\s*\.string\(/.test(readFileSync(join(folder, f), "utf8")));
    expect(offenders, "use text() from ./text.ts instead of z.string()").toEqual([]);
  });
});
