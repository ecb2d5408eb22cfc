-- Last defined by migration 0014_stay_changes.sql.
CREATE OR REPLACE FUNCTION note_contact_stay_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_stay_changes(ARRAY(
    SELECT b.id FROM bookings b WHERE b.customer_id = NEW.id
    UNION SELECT bg.booking_id FROM booking_guests bg WHERE bg.contact_id = NEW.id));
  RETURN NULL;
END $$;
