-- The days an invoice with money open gives to pay it: printed as its due date ("Zahlbar bis ...").
ALTER TABLE "properties" ADD COLUMN "payment_term_days" integer DEFAULT 14 NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_payment_term_days_check" CHECK ("payment_term_days" BETWEEN 0 AND 365);
