import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt, userRef } from "./columns.ts";

export const waitlistSignups = pgTable(
  "waitlist_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** One sign-up per address, whatever its case: the key repeat sign-ups update. */
    emailKey: text("email_key")
      .notNull()
      .generatedAlwaysAs(sql`lower(email)`)
      .unique("waitlist_signups_email_key_unique"),
    company: text("company").notNull(),
    phone: text("phone"),
    source: text("source").notNull().default("direct"),
    userAgent: text("user_agent"),
    /** A repeat email updates the sign-up; this counts how often it was sent. */
    submissionCount: integer("submission_count").notNull().default(1),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("waitlist_signups_created_at_idx").on(t.createdAt.desc()),
    index("waitlist_signups_source_idx").on(t.source),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    author: text("author").notNull(),
    readTime: integer("read_time").notNull().default(5),
    published: boolean("published").notNull().default(true),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Exactly the published list's order (server/site/blog.ts), so a page is an index range scan
    // rather than a sort of every post.
    index("blog_posts_published_newest_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.published}`),
    check("blog_posts_read_time_range", sql`${t.readTime} between 1 and 600`),
  ],
);

/**
 * One row whose `version` grows with every change to `blog_posts`, by any writer: a statement
 * trigger (migration 0014) bumps it. The public page cache keeps the blog's pages under it and
 * reads it with one primary-key lookup, instead of aggregating the posts on every hit.
 */
export const blogContentVersions = pgTable(
  "blog_content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("blog_content_version_one_row", sql`${t.id} = 1`)],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    source: text("source"),
    properties: jsonb("properties").$type<Record<string, string | number | boolean | null>>(),
    path: text("path"),
    userId: userRef("user_id"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_name_created_idx").on(t.name, t.createdAt.desc())],
);
