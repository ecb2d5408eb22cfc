-- Receivables: an issued invoice keeps the day its open amount is due (the payment term as it was when
-- it was issued), reminders are kept per invoice with the new deadline they set and their letter, and
-- a property chooses the days a reminder gives.
ALTER TABLE "invoices" ADD COLUMN "due_on" date;
--> statement-breakpoint
UPDATE "invoices" SET "due_on" = (("issued_at" AT TIME ZONE p."time_zone")::date + p."payment_term_days")
  FROM "properties" p
  WHERE p."id" = "invoices"."property_id" AND "invoices"."status" = 'open' AND "invoices"."issued_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "reminder_term_days" integer DEFAULT 10 NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_reminder_term_days_check" CHECK ("reminder_term_days" between 1 and 90);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "invoice_id" uuid NOT NULL REFERENCES "invoices"("id"),
  "level" integer NOT NULL,
  "issued_on" date NOT NULL,
  "pay_by" date NOT NULL,
  "due_amount" integer NOT NULL,
  "file_id" uuid REFERENCES "files"("id"),
  "mail_message_id" uuid REFERENCES "mail_messages"("id"),
  CONSTRAINT "invoice_reminders_level_check" CHECK ("level" in (1, 2)),
  CONSTRAINT "invoice_reminders_pay_by_check" CHECK ("pay_by" > "issued_on"),
  CONSTRAINT "invoice_reminders_due_amount_check" CHECK ("due_amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_level_key" ON "invoice_reminders" ("invoice_id", "level");
--> statement-breakpoint
CREATE INDEX "invoice_reminders_property_idx" ON "invoice_reminders" ("property_id");
--> statement-breakpoint
CREATE INDEX "invoice_reminders_file_idx" ON "invoice_reminders" ("file_id");
--> statement-breakpoint
ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_kind_check";
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_kind_check" CHECK ("kind" in ('link', 'confirmation', 'invoice', 'team_invitation', 'reminder', 'dunning'));
--> statement-breakpoint
ALTER TABLE "mail_templates" DROP CONSTRAINT "mail_templates_kind_check";
--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_kind_check" CHECK ("kind" in ('confirmation', 'invoice', 'reminder', 'dunning'));
