CREATE TYPE "public"."bill_read_source" AS ENUM('text', 'ocr', 'mixed');--> statement-breakpoint
ALTER TABLE "bill_analyses" ADD COLUMN "read_source" "bill_read_source";--> statement-breakpoint
-- Hand-added: the analyses completed before this migration (decision 0023, addendum). An image has
-- no text layer, so a PNG or JPEG was read by OCR: marked so, its page and exports warn as a new
-- one's do. A PDF may have been read either way, and only reading the stored file again could
-- tell: it stays null (not known), which shows no warning, as before. A warning on every old text
-- bill would teach agents to pass over it. Jobs not completed yet write theirs when they end.
UPDATE "bill_analyses" SET "read_source" = 'ocr'
WHERE "status" = 'completed' AND "mime_type" IN ('image/png', 'image/jpeg');
