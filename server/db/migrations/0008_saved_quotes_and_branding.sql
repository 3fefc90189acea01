CREATE TYPE "public"."quote_source" AS ENUM('description', 'bill');--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'quote_generated';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'quote_saved';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'quote_updated';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'quote_versioned';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'quote_sent';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'quote_accepted';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'quote_declined';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'quote_converted';--> statement-breakpoint
CREATE TABLE "quote_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"carrier" "carrier" NOT NULL,
	"label" text NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"chosen" boolean DEFAULT false NOT NULL,
	"meets_all_needs" boolean DEFAULT true NOT NULL,
	"unmet" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"monthly_cents" bigint NOT NULL,
	"one_time_cents" bigint NOT NULL,
	"term_cents" bigint NOT NULL,
	"term_months" integer NOT NULL,
	"lines" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "quote_items_quote_position_key";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "quote_validity_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "option_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "line_kind" "line_kind";--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "rate_plan_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "device_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "carrier_fee_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "months" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "source" "quote_source" DEFAULT 'description' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "needs" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "assumptions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "unmet" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "priced_on" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "current_monthly_cents" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "bill_analysis_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "term_total_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "root_quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_options" ADD CONSTRAINT "quote_options_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_options_quote_position_key" ON "quote_options" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_options_one_chosen_key" ON "quote_options" USING btree ("quote_id") WHERE "quote_options"."chosen";--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_option_id_quote_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."quote_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_rate_plan_tier_id_rate_plan_tiers_id_fk" FOREIGN KEY ("rate_plan_tier_id") REFERENCES "public"."rate_plan_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_device_offer_id_device_offers_id_fk" FOREIGN KEY ("device_offer_id") REFERENCES "public"."device_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_carrier_fee_id_carrier_fees_id_fk" FOREIGN KEY ("carrier_fee_id") REFERENCES "public"."carrier_fees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_bill_analysis_id_bill_analyses_id_fk" FOREIGN KEY ("bill_analysis_id") REFERENCES "public"."bill_analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_quote_created_idx" ON "activities" USING btree ("quote_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quote_items_option_position_key" ON "quote_items" USING btree ("option_id","position");--> statement-breakpoint
CREATE INDEX "quote_items_quote_idx" ON "quote_items" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_company_created_idx" ON "quotes" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_root_idx" ON "quotes" USING btree ("root_quote_id");--> statement-breakpoint
CREATE INDEX "quotes_deal_idx" ON "quotes" USING btree ("deal_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_brand_color_hex" CHECK ("companies"."brand_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_quote_validity_days_range" CHECK ("companies"."quote_validity_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_version_positive" CHECK ("quotes"."version" >= 1);