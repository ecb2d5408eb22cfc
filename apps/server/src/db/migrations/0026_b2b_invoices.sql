-- A company as an invoice's recipient: its name and VAT ID (EN 16931 BT-44 and BT-48) are kept on the
-- invoice beside the recipient, who then is its contact person; issued, they are kept like the rest.
ALTER TABLE "invoices" ADD COLUMN "recipient_company" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recipient_vat_id" text;
