-- Last defined by migration 0003_tenant_keys_and_room_locking.sql.
CREATE OR REPLACE FUNCTION sync_room_lock_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM room_occupancies WHERE room_lock_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.status IN ('scheduled', 'active') THEN
    PERFORM lock_room_occupancy(NEW.room_id);
    INSERT INTO room_occupancies (property_id, room_id, room_lock_id, stay)
    VALUES (NEW.property_id, NEW.room_id, NEW.id, daterange(NEW.start_date, NEW.end_date, '[]'));
  END IF;
  RETURN NULL;
END $$;
