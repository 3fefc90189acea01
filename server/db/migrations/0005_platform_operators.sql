ALTER TABLE "agent_users" ADD COLUMN "platform_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Company names become unique ignoring case and spacing (decision 0011). Where names already
-- collide, the oldest company keeps its name and each later one gets a suffix from its id, so the
-- index below can be built; its people's copy of the name follows.
UPDATE "companies" AS "c"
SET "name" = "c"."name" || ' (' || left("c"."id"::text, 8) || ')'
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY lower(regexp_replace("name", '\s+', '', 'g')) ORDER BY "created_at", "id"
  ) AS "n"
  FROM "companies"
) AS "ranked"
WHERE "ranked"."id" = "c"."id" AND "ranked"."n" > 1;--> statement-breakpoint
UPDATE "agent_users" AS "u"
SET "company" = "c"."name"
FROM "companies" AS "c"
WHERE "u"."company_id" = "c"."id" AND "u"."company" IS DISTINCT FROM "c"."name";--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower(regexp_replace("name", '\s+', '', 'g')));
