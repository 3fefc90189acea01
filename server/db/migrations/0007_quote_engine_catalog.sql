CREATE TYPE "public"."fee_basis" AS ENUM('line', 'account');--> statement-breakpoint
CREATE TYPE "public"."line_kind" AS ENUM('voice', 'mobile_internet', 'hotspot', 'fixed_wireless', 'wearable');--> statement-breakpoint
CREATE TABLE "carrier_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier" "carrier" NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"basis" "fee_basis" NOT NULL,
	"line_kind" "line_kind",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_fees_amount_non_negative" CHECK ("carrier_fees"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "device_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier" "carrier" NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"kind" "line_kind" NOT NULL,
	"certified_device_id" bigint,
	"monthly_installment_cents" integer NOT NULL,
	"installment_months" integer NOT NULL,
	"full_retail_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_offers_installment_non_negative" CHECK ("device_offers"."monthly_installment_cents" >= 0),
	CONSTRAINT "device_offers_months_positive" CHECK ("device_offers"."installment_months" >= 1),
	CONSTRAINT "device_offers_retail_non_negative" CHECK ("device_offers"."full_retail_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_plan_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate_plan_id" uuid NOT NULL,
	"min_lines" integer NOT NULL,
	"price_per_line_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_plan_tiers_min_lines_positive" CHECK ("rate_plan_tiers"."min_lines" >= 1),
	CONSTRAINT "rate_plan_tiers_price_non_negative" CHECK ("rate_plan_tiers"."price_per_line_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "credit_cents_per_line" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "credit_months" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "qualifying_plans" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "qualifying_devices" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "min_lines" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "requires_trade_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "requires_line_kind" "line_kind";--> statement-breakpoint
ALTER TABLE "rate_plans" ADD COLUMN "international" text;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD COLUMN "five_g" text;--> statement-breakpoint
ALTER TABLE "device_offers" ADD CONSTRAINT "device_offers_certified_device_id_certified_devices_id_fk" FOREIGN KEY ("certified_device_id") REFERENCES "public"."certified_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plan_tiers" ADD CONSTRAINT "rate_plan_tiers_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_fees_carrier_code_key" ON "carrier_fees" USING btree ("carrier","code");--> statement-breakpoint
CREATE UNIQUE INDEX "device_offers_carrier_model_key" ON "device_offers" USING btree ("carrier","manufacturer","model");--> statement-breakpoint
CREATE INDEX "device_offers_certified_device_idx" ON "device_offers" USING btree ("certified_device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plan_tiers_plan_min_lines_key" ON "rate_plan_tiers" USING btree ("rate_plan_id","min_lines");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_credit_shape" CHECK (("promotions"."credit_cents_per_line" is null and "promotions"."credit_months" is null) or ("promotions"."credit_cents_per_line" >= 0 and "promotions"."credit_months" >= 1));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_min_lines_positive" CHECK ("promotions"."min_lines" >= 1);