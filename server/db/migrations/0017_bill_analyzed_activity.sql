-- The Activity Report counts bills analysed from the activity log (decision 0028, addendum): an
-- entry per completed analysis, which deleting the analysis leaves in place. The kind is added by
-- making the type anew, not with ADD VALUE: the migrations run in one transaction, and a value
-- added there could not be written until it commits, so the entries of the analyses completed so
-- far could not be logged in this same step.
ALTER TYPE "public"."activity_kind" RENAME TO "activity_kind_before_0017";--> statement-breakpoint
CREATE TYPE "public"."activity_kind" AS ENUM('deal_created', 'deal_status_changed', 'deal_stage_changed', 'deal_updated', 'deal_reassigned', 'deal_note', 'customer_created', 'customer_updated', 'customers_imported', 'quote_generated', 'quote_saved', 'quote_updated', 'quote_versioned', 'quote_sent', 'quote_accepted', 'quote_declined', 'quote_converted', 'bill_analyzed');--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "kind" SET DATA TYPE "public"."activity_kind" USING "kind"::text::"public"."activity_kind";--> statement-breakpoint
DROP TYPE "public"."activity_kind_before_0017";--> statement-breakpoint
INSERT INTO "activities" ("company_id", "actor_id", "kind", "details", "created_at")
SELECT "company_id", "uploaded_by", 'bill_analyzed',
  jsonb_build_object('analysisId', "id"::text, 'fileName', "file_name"), "completed_at"
FROM "bill_analyses"
WHERE "status" = 'completed' AND "completed_at" IS NOT NULL;
