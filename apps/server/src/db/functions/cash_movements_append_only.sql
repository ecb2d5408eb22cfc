-- Last defined by migration 0032_cash_registers.sql.
CREATE OR REPLACE FUNCTION cash_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM "cash_day_closes" d WHERE d.property_id = NEW.property_id
               AND d.cash_register_id = NEW.cash_register_id AND d.business_date >= NEW.business_date) THEN
      RAISE EXCEPTION 'the business day % of this register is closed', NEW.business_date
        USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'cash_movements_day_closed';
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a cash movement cannot be changed or deleted: book a correction'
    USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'cash_movements_day_closed';
END $$;
