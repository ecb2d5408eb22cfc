-- Last defined by migration 0032_cash_registers.sql.
CREATE OR REPLACE FUNCTION fiscal_receipts_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.printed_at IS NULL
     AND (to_jsonb(NEW) - 'printed_at') = (to_jsonb(OLD) - 'printed_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a signed receipt cannot be changed or deleted'
    USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'fiscal_receipts_append_only';
END $$;
