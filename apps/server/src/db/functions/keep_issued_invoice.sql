-- Last defined by migration 0011_invoice_documents.sql.
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
