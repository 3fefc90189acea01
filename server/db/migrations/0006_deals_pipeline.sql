CREATE TYPE "public"."activity_kind" AS ENUM('deal_created', 'deal_status_changed', 'deal_stage_changed', 'deal_updated', 'deal_reassigned', 'deal_note', 'customer_created', 'customer_updated', 'customers_imported');--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_id" text,
	"kind" "activity_kind" NOT NULL,
	"deal_id" uuid,
	"customer_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "deals_company_close_date_idx";--> statement-breakpoint
DROP INDEX "deals_company_value_idx";--> statement-breakpoint
DROP INDEX "deals_company_probability_idx";--> statement-breakpoint
DROP INDEX "deals_company_status_created_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "agents_see_own_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "monthly_rate_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_id_agent_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_deal_created_idx" ON "activities" USING btree ("deal_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_customer_created_idx" ON "activities" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_company_created_idx" ON "activities" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_company_status_close_date_idx" ON "deals" USING btree ("company_id","status","close_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_company_status_value_idx" ON "deals" USING btree ("company_id","status","value_cents" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_company_status_probability_idx" ON "deals" USING btree ("company_id","status","probability" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_company_status_created_idx" ON "deals" USING btree ("company_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Deals stored before the rate had a column: the rate is their monthly revenue per line, and a
-- won deal was won no later than it was ordered or last changed.
UPDATE "deals" SET "monthly_rate_cents" = "monthly_revenue_cents" / ("voice_lines" + "mobile_internet_lines" + "fixed_wireless_lines")
WHERE "voice_lines" + "mobile_internet_lines" + "fixed_wireless_lines" > 0;--> statement-breakpoint
UPDATE "deals" SET "won_at" = coalesce("ordered_at", "updated_at") WHERE "status" = 'closed_won';
