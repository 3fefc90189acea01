DROP INDEX "waitlist_signups_email_key";--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower(email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD CONSTRAINT "waitlist_signups_email_key_unique" UNIQUE("email_key");