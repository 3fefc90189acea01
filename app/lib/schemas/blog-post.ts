import { z } from "zod";
import { slugify } from "#app/lib/slugify.ts";
import { text } from "./text.ts";

/** Public-site spec §5 and §9, with the input limits of issue 5. */
export const BLOG_POST_LIMITS = {
  title: 200,
  excerpt: 500,
  content: 100_000,
  author: 100,
  readTimeMin: 1,
  readTimeMax: 600,
} as const;

/** What the Read Time field starts at on the create form. */
export const BLOG_READ_TIME_DEFAULT = 5;

export const BLOG_POST_FIELDS = ["title", "excerpt", "content", "author", "readTime"] as const;
export type BlogPostField = (typeof BLOG_POST_FIELDS)[number];

/** Excerpt and content are textareas: their line breaks are kept; the other fields are one line. */
const field = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  text({ ...options, error: `${label} is required` })
    .refine((v) => v.trim() !== "", `${label} is required`)
    .refine(
      (v) => v.length <= max,
      `${label} must be ${max.toLocaleString("en-US")} characters or fewer`,
    );

// A form posts strings; an empty field means "not given", anything else must read as a number.
const readTime = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v),
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? "Read time is required" : "Read time must be a number",
    })
    .int("Read time must be a whole number of minutes")
    .min(BLOG_POST_LIMITS.readTimeMin, "Read time must be at least 1 minute")
    .max(BLOG_POST_LIMITS.readTimeMax, "Read time must be 600 minutes or fewer"),
);

/** One schema for the create form and its action. */
export const blogPostSchema = z.object({
  title: field("Title", BLOG_POST_LIMITS.title)
    .transform((v) => v.trim())
    // The slug is made from the title; without a letter or digit there is nothing to make it from.
    .refine(
      (v) => v === "" || slugify(v) !== "",
      "Title must contain at least one letter or number",
    ),
  excerpt: field("Excerpt", BLOG_POST_LIMITS.excerpt, { multiline: true }).transform((v) =>
    v.trim(),
  ),
  // Leading spaces can be markdown (an indented code block), so content is kept as written.
  content: field("Content", BLOG_POST_LIMITS.content, { multiline: true }),
  author: field("Author", BLOG_POST_LIMITS.author).transform((v) => v.trim()),
  readTime,
});

export type BlogPostInput = z.output<typeof blogPostSchema>;

/** What a post's page posts: an operator deleting it (the post is the page's own slug). */
export const blogPostActionSchema = z.object({ intent: z.literal("delete") });
export type BlogPostFieldErrors = Partial<Record<BlogPostField, string>>;

/** The first message for each field that failed, keyed by field name. */
export function blogPostFieldErrors(error: z.ZodError): BlogPostFieldErrors {
  const errors: BlogPostFieldErrors = {};
  for (const issue of error.issues) {
    const field = BLOG_POST_FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Validates a create-post form's fields; the action and the form in the browser both call it. */
export function parseBlogPostForm(
  form: FormData,
): { ok: true; data: BlogPostInput } | { ok: false; errors: BlogPostFieldErrors } {
  const values = Object.fromEntries(
    BLOG_POST_FIELDS.map((f) => {
      const v = form.get(f);
      return [f, typeof v === "string" ? v : undefined];
    }),
  );
  const result = blogPostSchema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: blogPostFieldErrors(result.error) };
}
