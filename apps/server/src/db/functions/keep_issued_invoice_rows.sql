-- Last defined by migration 0010_invoices.sql.
CREATE OR REPLACE FUNCTION keep_issued_invoice_rows() RETURNS trigger LANGUAGE plpgsql AS $$
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
