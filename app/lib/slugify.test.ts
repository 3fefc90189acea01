import { describe, expect, it } from "vitest";
import { slugify, slugWithSuffix } from "./slugify.ts";

describe("slugify", () => {
  it("lowercases and joins words with single hyphens", () => {
    expect(slugify("How AI Quoting Works")).toBe("how-ai-quoting-works");
    expect(slugify("5G vs. LTE: What's New?")).toBe("5g-vs-lte-what-s-new");
  });

  it("turns each run of other characters into one hyphen and trims the ends", () => {
    expect(slugify("  --Hello,   World!!--  ")).toBe("hello-world");
    expect(slugify("a___b///c")).toBe("a-b-c");
    expect(slugify("Q3 2025 — T‑Mobile & AT&T")).toBe("q3-2025-t-mobile-at-t");
  });

  it("drops accents on Latin letters and keeps letters of other scripts", () => {
    expect(slugify("Café Déjà Vu")).toBe("cafe-deja-vu");
    expect(slugify("Straße")).toBe("straße");
    expect(slugify("ガイド 2025")).toBe("ガイド-2025");
  });

  it("gives an empty slug for a title without letters or digits", () => {
    expect(slugify("")).toBe("");
    expect(slugify("!!! --- ???")).toBe("");
    expect(slugify("🚀✨")).toBe("");
  });

  it("numbers collisions from 2", () => {
    expect(slugWithSuffix("post", 1)).toBe("post");
    expect(slugWithSuffix("post", 2)).toBe("post-2");
    expect(slugWithSuffix("post", 11)).toBe("post-11");
  });
});
