CREATE TYPE "public"."bill_analysis_status" AS ENUM('pending', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."carrier" AS ENUM('att', 'verizon', 'tmobile');--> statement-breakpoint
CREATE TYPE "public"."company_size" AS ENUM('1-10', '11-50', '51-200', '201-500', '501-1000', '1000+');--> statement-breakpoint
CREATE TYPE "public"."deal_carrier" AS ENUM('ATT', 'VERIZON', 'TMOBILE');--> statement-breakpoint
CREATE TYPE "public"."deal_stage" AS ENUM('discovery', 'qualification', 'solution', 'proposal', 'negotiation', 'closing');--> statement-breakpoint
CREATE TYPE "public"."deal_status" AS ENUM('lead', 'qualified', 'proposal', 'negotiation', 'closed_won', 'closed_lost');--> statement-breakpoint
CREATE TYPE "public"."device_category" AS ENUM('phones', 'tablets', 'hotspots', 'fixed_wireless', 'laptops');--> statement-breakpoint
CREATE TYPE "public"."hardware_source" AS ENUM('carrier', 'customer', 'third_party');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('success', 'warning', 'error', 'info');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('queued', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."quote_item_kind" AS ENUM('plan', 'device', 'fee', 'discount');--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('draft', 'sent', 'accepted', 'declined', 'expired');--> statement-breakpoint
CREATE TYPE "public"."resource_file_type" AS ENUM('PDF', 'Excel', 'PowerPoint');--> statement-breakpoint
CREATE TYPE "public"."resource_type" AS ENUM('flyer', 'case_study', 'business_case', 'presentation', 'guide');--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"source" text,
	"properties" jsonb,
	"path" text,
	"user_id" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid,
	"uploaded_by" text,
	"file_name" text NOT NULL,
	"file_key" text,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"status" "bill_analysis_status" DEFAULT 'pending' NOT NULL,
	"error" text,
	"result" jsonb,
	"carrier" "carrier",
	"total_monthly_cents" bigint,
	"total_data_usage_gb" numeric(12, 2),
	"data_allowance_gb" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"read_time" integer DEFAULT 5 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_read_time_range" CHECK ("blog_posts"."read_time" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "certified_devices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certified_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"carrier" "carrier" NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"device_type" text DEFAULT '' NOT NULL,
	"device_sub" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"bands" text DEFAULT '' NOT NULL,
	"five_g_bands" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"company_id" uuid,
	"user_id" text,
	"is_user" boolean NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"company_name" text NOT NULL,
	"company_website" text,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"industry" text,
	"size" "company_size",
	"notes" text,
	"created_by" text,
	"assigned_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" "deal_status" DEFAULT 'lead' NOT NULL,
	"stage" "deal_stage" DEFAULT 'discovery' NOT NULL,
	"value_cents" bigint DEFAULT 0 NOT NULL,
	"close_date" date,
	"probability" integer DEFAULT 20 NOT NULL,
	"carrier" "deal_carrier" DEFAULT 'ATT' NOT NULL,
	"product_type" text,
	"contract_term" integer,
	"monthly_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"one_time_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"total_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"voice_lines" integer DEFAULT 0 NOT NULL,
	"mobile_internet_lines" integer DEFAULT 0 NOT NULL,
	"fixed_wireless_lines" integer DEFAULT 0 NOT NULL,
	"use_case" text,
	"hardware_source" "hardware_source" DEFAULT 'carrier' NOT NULL,
	"partner_solution" text,
	"rate_plan_id" uuid,
	"ordered_at" timestamp with time zone,
	"installed_at" timestamp with time zone,
	"created_by" text,
	"assigned_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_probability_range" CHECK ("deals"."probability" between 0 and 100),
	CONSTRAINT "deals_line_counts_non_negative" CHECK ("deals"."voice_lines" >= 0 and "deals"."mobile_internet_lines" >= 0 and "deals"."fixed_wireless_lines" >= 0),
	CONSTRAINT "deals_contract_term_non_negative" CHECK ("deals"."contract_term" is null or "deals"."contract_term" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'agent' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "outbox_channel" DEFAULT 'email' NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"text_body" text NOT NULL,
	"html_body" text,
	"template" text NOT NULL,
	"status" "outbox_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"type" "notification_type" DEFAULT 'info' NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier" "carrier" NOT NULL,
	"device_type" "device_category" NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"value" text NOT NULL,
	"ends_on" date NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" "quote_item_kind" NOT NULL,
	"carrier" "carrier",
	"rate_plan_id" uuid,
	"device_id" bigint,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_monthly_cents" integer DEFAULT 0 NOT NULL,
	"unit_one_time_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_items_quantity_positive" CHECK ("quote_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid,
	"deal_id" uuid,
	"agent_id" text,
	"status" "quote_status" DEFAULT 'draft' NOT NULL,
	"company_name" text NOT NULL,
	"company_website" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"description" text NOT NULL,
	"summary" text,
	"monthly_total_cents" bigint DEFAULT 0 NOT NULL,
	"one_time_total_cents" bigint DEFAULT 0 NOT NULL,
	"term_months" integer DEFAULT 24 NOT NULL,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier" "carrier" NOT NULL,
	"plan" text NOT NULL,
	"plan_type" text NOT NULL,
	"price_per_line_cents" integer NOT NULL,
	"premium_data" text,
	"hotspot" text,
	"video_streaming" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_plans_price_non_negative" CHECK ("rate_plans"."price_per_line_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" "resource_type" NOT NULL,
	"carrier" "carrier" NOT NULL,
	"device_type" "device_category" NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" "resource_file_type" NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"phone" text,
	"source" text DEFAULT 'direct' NOT NULL,
	"user_agent" text,
	"submission_count" integer DEFAULT 1 NOT NULL,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text,
	"display_username" text,
	"role" text DEFAULT 'agent' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"two_factor_enabled" boolean DEFAULT false,
	"company_id" uuid,
	"company" text,
	"phone" text,
	"notifications_enabled" boolean DEFAULT true,
	CONSTRAINT "agent_users_email_unique" UNIQUE("email"),
	CONSTRAINT "agent_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "auth_rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "auth_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_agent_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_analyses" ADD CONSTRAINT "bill_analyses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_analyses" ADD CONSTRAINT "bill_analyses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_analyses" ADD CONSTRAINT "bill_analyses_uploaded_by_agent_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_created_by_agent_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_agent_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_agent_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_assigned_to_agent_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_created_by_agent_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_assigned_to_agent_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_agent_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_agent_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_agent_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."agent_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_device_id_certified_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."certified_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_agent_id_agent_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_users" ADD CONSTRAINT "agent_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_agent_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."agent_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_agent_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."agent_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_two_factors" ADD CONSTRAINT "auth_two_factors_user_id_agent_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."agent_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_name_created_idx" ON "analytics_events" USING btree ("name","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bill_analyses_company_created_idx" ON "bill_analyses" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bill_analyses_customer_idx" ON "bill_analyses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "blog_posts_published_created_at_idx" ON "blog_posts" USING btree ("published","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certified_devices_carrier_type_idx" ON "certified_devices" USING btree ("carrier","device_type");--> statement-breakpoint
CREATE INDEX "certified_devices_type_idx" ON "certified_devices" USING btree ("device_type");--> statement-breakpoint
CREATE INDEX "certified_devices_manufacturer_model_idx" ON "certified_devices" USING btree ("manufacturer","model");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_created_idx" ON "chat_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_user_created_idx" ON "chat_messages" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_company_created_idx" ON "customers" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "customers_company_company_name_idx" ON "customers" USING btree ("company_id","company_name");--> statement-breakpoint
CREATE INDEX "customers_assigned_to_idx" ON "customers" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "deals_company_status_created_idx" ON "deals" USING btree ("company_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_company_close_date_idx" ON "deals" USING btree ("company_id","close_date");--> statement-breakpoint
CREATE INDEX "deals_company_value_idx" ON "deals" USING btree ("company_id","value_cents");--> statement-breakpoint
CREATE INDEX "deals_company_probability_idx" ON "deals" USING btree ("company_id","probability");--> statement-breakpoint
CREATE INDEX "deals_customer_idx" ON "deals" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "deals_assigned_to_idx" ON "deals" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "invitations_company_created_idx" ON "invitations" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_created_idx" ON "mail_outbox" USING btree ("to_address","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "promotions_ends_on_idx" ON "promotions" USING btree ("ends_on");--> statement-breakpoint
CREATE INDEX "promotions_carrier_device_idx" ON "promotions" USING btree ("carrier","device_type");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_items_quote_position_key" ON "quote_items" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quotes_company_status_created_idx" ON "quotes" USING btree ("company_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "quotes_agent_idx" ON "quotes" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plans_carrier_plan_key" ON "rate_plans" USING btree ("carrier","plan");--> statement-breakpoint
CREATE INDEX "rate_plans_carrier_type_price_idx" ON "rate_plans" USING btree ("carrier","plan_type","price_per_line_cents");--> statement-breakpoint
CREATE INDEX "rate_plans_price_idx" ON "rate_plans" USING btree ("price_per_line_cents");--> statement-breakpoint
CREATE INDEX "sales_resources_added_at_idx" ON "sales_resources" USING btree ("added_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_resources_downloads_idx" ON "sales_resources" USING btree ("downloads" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_signups_email_key" ON "waitlist_signups" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "waitlist_signups_created_at_idx" ON "waitlist_signups" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "waitlist_signups_source_idx" ON "waitlist_signups" USING btree ("source");--> statement-breakpoint
CREATE INDEX "agent_users_company_id_idx" ON "agent_users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "auth_accounts_userId_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_userId_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_two_factors_secret_idx" ON "auth_two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "auth_two_factors_userId_idx" ON "auth_two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verifications_identifier_idx" ON "auth_verifications" USING btree ("identifier");