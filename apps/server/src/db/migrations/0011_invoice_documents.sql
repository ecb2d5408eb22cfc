ALTER TABLE "invoices" ADD COLUMN "xml_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_xml_file_id_files_id_fk" FOREIGN KEY ("xml_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "invoices_xml_file_idx" ON "invoices" USING btree ("xml_file_id");
--> statement-breakpoint
-- A local tax line (Ortstaxe, Kurtaxe) is billed for the municipality and carries no VAT; the e-invoice
-- shows it apart from the VAT-bearing lines, so each line keeps whether its item was a local tax.
ALTER TABLE "invoice_lines" ADD COLUMN "is_local_tax" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- An issued invoice's documents are set once: the PDF/A-3 (file_id) and its e-invoice XML (xml_file_id).
CREATE OR REPLACE FUNCTION keep_issued_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'draft' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE'
    OR NEW."status" = 'draft'
    OR (OLD."status" = 'canceled' AND NEW."status" <> 'canceled')
    OR (OLD."file_id" IS NOT NULL AND NEW."file_id" IS DISTINCT FROM OLD."file_id")
    OR (OLD."xml_file_id" IS NOT NULL AND NEW."xml_file_id" IS DISTINCT FROM OLD."xml_file_id")
    OR (to_jsonb(NEW) - 'status' - 'file_id' - 'xml_file_id' - 'updated_at')
      <> (to_jsonb(OLD) - 'status' - 'file_id' - 'xml_file_id' - 'updated_at')
  THEN
    RAISE EXCEPTION 'invoice % is issued and cannot be changed', OLD."number"
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'invoices_issued_immutable';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keep_invoice_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'DELETE' OR (NEW."deleted_at" IS NOT NULL AND OLD."deleted_at" IS NULL)
      OR NEW."storage_key" IS DISTINCT FROM OLD."storage_key")
    AND EXISTS (SELECT 1 FROM "invoices"
                 WHERE ("file_id" = OLD."id" OR "xml_file_id" = OLD."id") AND "status" <> 'draft')
  THEN
    RAISE EXCEPTION 'file % belongs to an issued invoice', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'files_invoice_document';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
