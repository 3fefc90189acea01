ALTER TABLE "agent_users" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "agent_users" ADD COLUMN "phone_number_verified" boolean;--> statement-breakpoint
ALTER TABLE "agent_users" ADD CONSTRAINT "agent_users_phone_number_unique" UNIQUE("phone_number");