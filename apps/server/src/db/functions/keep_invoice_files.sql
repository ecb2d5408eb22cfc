-- Last defined by migration 0011_invoice_documents.sql.
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
