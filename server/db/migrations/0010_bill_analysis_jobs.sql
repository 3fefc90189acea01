ALTER TABLE "bill_analyses" ADD COLUMN "stage" text DEFAULT 'uploading' NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_analyses" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_analyses" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_analyses" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bill_analyses_pending_idx" ON "bill_analyses" USING btree ("locked_until","created_at") WHERE "bill_analyses"."status" in ('pending', 'processing');