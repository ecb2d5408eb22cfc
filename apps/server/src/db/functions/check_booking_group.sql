-- Last defined by migration 0021_booking_documents_and_groups.sql.
CREATE OR REPLACE FUNCTION check_booking_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.group_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.group_id IS DISTINCT FROM OLD.group_id) THEN
    PERFORM 1 FROM groups WHERE id = NEW.group_id AND property_id = NEW.property_id AND deleted_at IS NULL
      FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'group % is deleted or not there', NEW.group_id
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bookings_group_live';
    END IF;
  END IF;
  RETURN NEW;
END $$;
