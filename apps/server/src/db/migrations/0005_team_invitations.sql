ALTER TABLE "property_users" ADD COLUMN "invited_name" text;--> statement-breakpoint
ALTER TABLE "property_users" ADD COLUMN "invited_email" text;--> statement-breakpoint
ALTER TABLE "property_users" ADD COLUMN "invited_language" text;
