-- Last defined by migration 0014_stay_changes.sql.
CREATE OR REPLACE FUNCTION note_guest_stay_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_stay_changes(ARRAY[(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).booking_id]);
  IF TG_OP = 'UPDATE' AND OLD.booking_id <> NEW.booking_id THEN
    PERFORM note_stay_changes(ARRAY[OLD.booking_id]);
  END IF;
  RETURN NULL;
END $$;
