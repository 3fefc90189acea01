-- Hand-added before the generated statements: the trigram extension for the device search, and
-- the natural sort keys the directory orders by (numbers as numbers, then text, then empty cells).
-- Both are IMMUTABLE, so the stored sort-key columns below can be generated from them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION device_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value = '' THEN '2'
    WHEN value ~ '^[0-9]{1,18}(\.[0-9]{1,18})?$'
      THEN '0' || lpad(split_part(value, '.', 1), 18, '0') || '.' || rpad(split_part(value, '.', 2), 18, '0')
    ELSE '1' || lower(value)
  END
$$;--> statement-breakpoint
-- An enum's text never changes for a stored value, so this cast is safe to call immutable.
CREATE OR REPLACE FUNCTION carrier_sort_key(value carrier) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT value::text $$;--> statement-breakpoint
DROP INDEX "certified_devices_carrier_type_idx";--> statement-breakpoint
DROP INDEX "certified_devices_type_idx";--> statement-breakpoint
DROP INDEX "certified_devices_manufacturer_model_idx";--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(manufacturer || ' ' || model || ' ' || device_type || ' ' || device_sub || ' ' || os || ' ' || network || ' ' || bands || ' ' || five_g_bands)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "tech_text" text GENERATED ALWAYS AS (lower(network || ' ' || bands || ' ' || five_g_bands)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "sort_carrier" text GENERATED ALWAYS AS (carrier_sort_key(carrier)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "sort_manufacturer" text GENERATED ALWAYS AS (device_sort_key(manufacturer)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "sort_model" text GENERATED ALWAYS AS (device_sort_key(model)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "sort_device_type" text GENERATED ALWAYS AS (device_sort_key(device_type)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "sort_device_sub" text GENERATED ALWAYS AS (device_sort_key(device_sub)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "sort_os" text GENERATED ALWAYS AS (device_sort_key(os)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "sort_network" text GENERATED ALWAYS AS (device_sort_key(network)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "sort_bands" text GENERATED ALWAYS AS (device_sort_key(bands)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certified_devices" ADD COLUMN "sort_five_g_bands" text GENERATED ALWAYS AS (device_sort_key(five_g_bands)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "certified_devices_carrier_type_sort_idx" ON "certified_devices" USING btree ("carrier","device_type","sort_manufacturer" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_type_sort_idx" ON "certified_devices" USING btree ("device_type","sort_manufacturer" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_search_trgm_idx" ON "certified_devices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certified_devices_tech_trgm_idx" ON "certified_devices" USING gin ("tech_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certified_devices_sort_carrier_idx" ON "certified_devices" USING btree ("sort_carrier" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_sort_manufacturer_idx" ON "certified_devices" USING btree ("sort_manufacturer" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_sort_model_idx" ON "certified_devices" USING btree ("sort_model" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_sort_device_type_idx" ON "certified_devices" USING btree ("sort_device_type" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_sort_device_sub_idx" ON "certified_devices" USING btree ("sort_device_sub" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_sort_os_idx" ON "certified_devices" USING btree ("sort_os" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_sort_network_idx" ON "certified_devices" USING btree ("sort_network" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_sort_bands_idx" ON "certified_devices" USING btree ("sort_bands" collate "C","id");--> statement-breakpoint
CREATE INDEX "certified_devices_sort_five_g_bands_idx" ON "certified_devices" USING btree ("sort_five_g_bands" collate "C","id");