CREATE TABLE "blog_content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_content_version_one_row" CHECK ("blog_content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "blog_content_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Any change to the posts, by this server or another writer, moves the version on: the public
-- page cache (decision 0032) keeps blog pages under it and so shows a new post at once.
CREATE FUNCTION "bump_blog_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "blog_content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_bump_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_blog_content_version"();
