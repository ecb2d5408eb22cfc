-- Last defined by migration 0003_tenant_keys_and_room_locking.sql.
CREATE OR REPLACE FUNCTION sync_booking_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM room_occupancies WHERE booking_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.room_id IS NOT NULL AND NEW.deleted_at IS NULL
     AND NEW.status IN ('confirmed', 'checked_in', 'checked_out') THEN
    PERFORM lock_room_occupancy(NEW.room_id);
    INSERT INTO room_occupancies (property_id, room_id, booking_id, stay)
    VALUES (NEW.property_id, NEW.room_id, NEW.id, daterange(NEW.check_in, NEW.check_out, '[)'));
  END IF;
  RETURN NULL;
END $$;
