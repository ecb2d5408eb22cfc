-- Invoices keep what they bill: the recipient and billing address, the lines and the tax per rate are
-- copied from the folio when the invoice is made, so a later change of the folio changes no invoice.
ALTER TABLE "invoices" ADD COLUMN "net_amount" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_amount" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "service_from" date;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "service_to" date;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancels_same_property_fk" FOREIGN KEY ("property_id", "cancels_invoice_id") REFERENCES "invoices" ("property_id", "id");
--> statement-breakpoint
-- One cancellation invoice per invoice.
CREATE UNIQUE INDEX "invoices_cancels_key" ON "invoices" USING btree ("cancels_invoice_id") WHERE "cancels_invoice_id" IS NOT NULL;
--> statement-breakpoint
-- A draft has no number; an issued invoice always has one.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_number_check" CHECK (("status" = 'draft') = ("number" IS NULL));
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"quantity" integer NOT NULL,
	"service_date" date NOT NULL,
	"net_amount" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"gross_amount" integer NOT NULL,
	"tax_basis_points" integer NOT NULL,
	CONSTRAINT "invoice_lines_sum_check" CHECK ("net_amount" + "tax_amount" = "gross_amount")
);
--> statement-breakpoint
CREATE TABLE "invoice_taxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"tax_basis_points" integer NOT NULL,
	"net_amount" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"gross_amount" integer NOT NULL,
	CONSTRAINT "invoice_taxes_sum_check" CHECK ("net_amount" + "tax_amount" = "gross_amount")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_same_property_fk" FOREIGN KEY ("property_id", "invoice_id") REFERENCES "invoices" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_invoice_id_same_property_fk" FOREIGN KEY ("property_id", "invoice_id") REFERENCES "invoices" ("property_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_key" ON "invoice_lines" USING btree ("invoice_id", "position");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_taxes_rate_key" ON "invoice_taxes" USING btree ("invoice_id", "tax_basis_points");
--> statement-breakpoint
CREATE INDEX "invoices_folio_idx" ON "invoices" USING btree ("folio_id");
--> statement-breakpoint
CREATE INDEX "invoices_file_idx" ON "invoices" USING btree ("file_id");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoice_lines_changes" AFTER INSERT OR UPDATE OR DELETE ON "invoice_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoice_taxes_changes" AFTER INSERT OR UPDATE OR DELETE ON "invoice_taxes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
-- An issued invoice is never edited (GoBD): only its status moves on (open, paid, canceled, completed;
-- never back to draft, nothing after canceled) and its document file is set once. Anything else, and
-- any delete, is refused with the constraint name `invoices_issued_immutable`, which the server maps
-- to its error code.
CREATE FUNCTION keep_issued_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'draft' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE'
    OR NEW."status" = 'draft'
    OR (OLD."status" = 'canceled' AND NEW."status" <> 'canceled')
    OR (OLD."file_id" IS NOT NULL AND NEW."file_id" IS DISTINCT FROM OLD."file_id")
    OR (to_jsonb(NEW) - 'status' - 'file_id' - 'updated_at') <> (to_jsonb(OLD) - 'status' - 'file_id' - 'updated_at')
  THEN
    RAISE EXCEPTION 'invoice % is issued and cannot be changed', OLD."number"
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'invoices_issued_immutable';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_issued_immutable" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION keep_issued_invoice();
--> statement-breakpoint
-- Lines and tax rows belong to their invoice: they change only while it is a draft.
CREATE FUNCTION keep_issued_invoice_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid := CASE WHEN TG_OP = 'INSERT' THEN NEW."invoice_id" ELSE OLD."invoice_id" END;
BEGIN
  IF EXISTS (SELECT 1 FROM "invoices" WHERE "id" = owner AND "status" <> 'draft')
    OR (TG_OP = 'UPDATE' AND NEW."invoice_id" <> OLD."invoice_id"
      AND EXISTS (SELECT 1 FROM "invoices" WHERE "id" = NEW."invoice_id" AND "status" <> 'draft'))
  THEN
    RAISE EXCEPTION 'the invoice is issued and its % cannot be changed', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'invoices_issued_immutable';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_issued_immutable" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION keep_issued_invoice_rows();
--> statement-breakpoint
CREATE TRIGGER "invoice_taxes_issued_immutable" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_taxes"
  FOR EACH ROW EXECUTE FUNCTION keep_issued_invoice_rows();
--> statement-breakpoint
-- The document of an issued invoice stays: its file can be neither deleted nor marked deleted.
CREATE FUNCTION keep_invoice_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'DELETE' OR (NEW."deleted_at" IS NOT NULL AND OLD."deleted_at" IS NULL))
    AND EXISTS (SELECT 1 FROM "invoices" WHERE "file_id" = OLD."id" AND "status" <> 'draft')
  THEN
    RAISE EXCEPTION 'file % belongs to an issued invoice', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'files_invoice_document';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER "files_invoice_document" BEFORE UPDATE OR DELETE ON "files"
  FOR EACH ROW EXECUTE FUNCTION keep_invoice_files();
