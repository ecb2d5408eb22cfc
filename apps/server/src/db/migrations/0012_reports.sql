-- What the accounting export needs to know about a property's books: the DATEV adviser and client
-- numbers, the month its fiscal year starts with, the length of its ledger accounts and the
-- receivables account (a collective debtor) that invoices are debited to and payments credited from.
CREATE TABLE "accounting_settings" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"adviser_number" integer,
	"client_number" integer,
	"fiscal_year_start_month" integer DEFAULT 1 NOT NULL,
	"account_length" integer DEFAULT 4 NOT NULL,
	"receivables_account" text DEFAULT '10000' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_settings_adviser_check" CHECK ("accounting_settings"."adviser_number" between 1001 and 9999999),
	CONSTRAINT "accounting_settings_client_check" CHECK ("accounting_settings"."client_number" between 1 and 99999),
	CONSTRAINT "accounting_settings_month_check" CHECK ("accounting_settings"."fiscal_year_start_month" between 1 and 12),
	CONSTRAINT "accounting_settings_length_check" CHECK ("accounting_settings"."account_length" between 4 and 8),
	CONSTRAINT "accounting_settings_receivables_check" CHECK ("accounting_settings"."receivables_account" ~ '^[0-9]{1,9}$')
);
--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "accounting_settings_changes" AFTER INSERT OR UPDATE OR DELETE ON "accounting_settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
-- An invoice line keeps the revenue account and tax code of the charge it bills, as an invoice keeps
-- everything it bills: the accounting export books each invoice's revenue to them.
ALTER TABLE "invoice_lines" ADD COLUMN "account_number" text;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "tax_code" text;
--> statement-breakpoint
-- The reports read charges by service date, payments by date and invoices by issue date.
CREATE INDEX "charges_booked_on_idx" ON "charges" USING btree ("property_id","booked_on");
--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("property_id","paid_on");
--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("property_id","issued_at");
