-- Which stays changed, and in which version of their property: the room plan keeps a window's stays in
-- memory and reads again only those changed since (apps/server/src/modules/room-plan). A stay's row is
-- written by any change to what the plan shows of it: the booking itself, its guests, the name of its
-- customer or of a guest. Its version stays empty until the transaction commits, when the deferred
-- version count (migration 0008) stamps it with the version that the commit counts. One row a booking.
CREATE TABLE "stay_changes" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"version" bigint
);
--> statement-breakpoint
CREATE INDEX "stay_changes_version_idx" ON "stay_changes" USING btree ("property_id","version");
--> statement-breakpoint
CREATE FUNCTION note_stay_changes(booking_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stay_changes (booking_id, property_id)
  SELECT b.id, b.property_id FROM bookings b WHERE b.id = ANY (booking_ids)
  ON CONFLICT (booking_id) DO UPDATE SET version = NULL, property_id = excluded.property_id
$$;
--> statement-breakpoint
CREATE FUNCTION note_booking_stay_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stay_changes (booking_id, property_id) VALUES (OLD.id, OLD.property_id)
      ON CONFLICT (booking_id) DO UPDATE SET version = NULL;
  ELSE
    PERFORM note_stay_changes(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_stay_changes" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION note_booking_stay_change();
--> statement-breakpoint
CREATE FUNCTION note_guest_stay_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_stay_changes(ARRAY[(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).booking_id]);
  IF TG_OP = 'UPDATE' AND OLD.booking_id <> NEW.booking_id THEN
    PERFORM note_stay_changes(ARRAY[OLD.booking_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_guests_stay_changes" AFTER INSERT OR UPDATE OR DELETE ON "booking_guests"
  FOR EACH ROW EXECUTE FUNCTION note_guest_stay_change();
--> statement-breakpoint
CREATE FUNCTION note_contact_stay_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_stay_changes(ARRAY(
    SELECT b.id FROM bookings b WHERE b.customer_id = NEW.id
    UNION SELECT bg.booking_id FROM booking_guests bg WHERE bg.contact_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_stay_changes" AFTER UPDATE OF "name" ON "contacts"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION note_contact_stay_change();
--> statement-breakpoint
-- The version count now also stamps the transaction's stay changes with the version it counts.
CREATE OR REPLACE FUNCTION note_property_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := (to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0])::uuid;
  flag text;
  counted bigint;
BEGIN
  -- A table without a property of its own names the column and table it belongs to: a booking's
  -- guests count for the booking's property.
  IF TG_NARGS > 1 AND changed IS NOT NULL THEN
    EXECUTE format('SELECT property_id FROM %I WHERE id = $1', TG_ARGV[1]) INTO changed USING changed;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  flag := 'pms.changed_' || replace(changed::text, '-', '');
  IF current_setting(flag, true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(flag, '1', true);
  INSERT INTO property_versions AS v (property_id) VALUES (changed)
    ON CONFLICT (property_id) DO UPDATE SET version = v.version + 1
    RETURNING v.version INTO counted;
  UPDATE stay_changes SET version = counted WHERE property_id = changed AND version IS NULL;
  PERFORM pg_notify('property_changes', changed::text || ' ' || counted::text);
  RETURN NULL;
END $$;
