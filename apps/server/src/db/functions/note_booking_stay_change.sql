-- Last defined by migration 0031_tenant_keys.sql.
CREATE OR REPLACE FUNCTION note_booking_stay_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stay_changes (booking_id, property_id) VALUES (OLD.id, OLD.property_id)
      ON CONFLICT (property_id, booking_id) DO UPDATE SET version = NULL;
  ELSE
    PERFORM note_stay_changes(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
