-- No double booking: a room is held by at most one booking or room lock on any night.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "room_occupancies" ADD CONSTRAINT "room_occupancies_no_overlap" EXCLUDE USING gist ("room_id" WITH =, "stay" WITH &&);
--> statement-breakpoint
ALTER TABLE "room_occupancies" ADD CONSTRAINT "room_occupancies_holder_check" CHECK (("booking_id" IS NULL) <> ("room_lock_id" IS NULL));
--> statement-breakpoint
-- Stays are half-open: the check-out day is free for the next arrival.
CREATE FUNCTION sync_booking_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM room_occupancies WHERE booking_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.room_id IS NOT NULL AND NEW.deleted_at IS NULL
     AND NEW.status IN ('confirmed', 'checked_in', 'checked_out') THEN
    INSERT INTO room_occupancies (property_id, room_id, booking_id, stay)
    VALUES (NEW.property_id, NEW.room_id, NEW.id, daterange(NEW.check_in, NEW.check_out, '[)'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_occupancy
AFTER INSERT OR UPDATE OF room_id, check_in, check_out, status, deleted_at OR DELETE ON bookings
FOR EACH ROW EXECUTE FUNCTION sync_booking_occupancy();
--> statement-breakpoint
-- Room locks include their last day.
CREATE FUNCTION sync_room_lock_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM room_occupancies WHERE room_lock_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.status IN ('scheduled', 'active') THEN
    INSERT INTO room_occupancies (property_id, room_id, room_lock_id, stay)
    VALUES (NEW.property_id, NEW.room_id, NEW.id, daterange(NEW.start_date, NEW.end_date, '[]'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER room_locks_occupancy
AFTER INSERT OR UPDATE OF room_id, start_date, end_date, status, deleted_at OR DELETE ON room_locks
FOR EACH ROW EXECUTE FUNCTION sync_room_lock_occupancy();
