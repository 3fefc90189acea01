-- Hand-added before the generated statements: how customers' and deals' searches and name sorts
-- compare text. Compatibility decomposition first (NFKD: "é" is "e" and a combining accent, "ﬁ"
-- is "fi") with the combining marks dropped, then lower case, then the Latin letters that carry
-- their stroke in the letter itself, in either case. Accents go before lower(): on a database
-- whose LC_CTYPE is "C", lower() changes only A to Z, and "É" would have stayed "É". Plain core
-- functions, no extension: unaccent is in both PostgreSQL's and PGlite's contrib, but it is STABLE (it finds its dictionary through the
-- search path), so it cannot make a stored column, and a managed server may not allow it.
-- IMMUTABLE, so the stored key columns below can be generated from it.
CREATE OR REPLACE FUNCTION fold_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(replace(replace(translate(
    lower(regexp_replace(
      normalize(value, NFKD),
      '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g')),
    'øłđðħıŧŀØŁĐÐĦŦĿ', 'olddhitlolddhtl'),
    'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th')
$$;--> statement-breakpoint
DROP INDEX "customers_company_name_idx";--> statement-breakpoint
DROP INDEX "customers_company_company_name_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_key" text GENERATED ALWAYS AS (fold_text(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "company_key" text GENERATED ALWAYS AS (fold_text(company_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fold_text(name || E'\n' || company_name || E'\n' || coalesce(email, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "title_key" text GENERATED ALWAYS AS (fold_text(title)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_company_name_key_idx" ON "customers" USING btree ("company_id","name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "customers_company_company_key_idx" ON "customers" USING btree ("company_id","company_key" collate "C","id");