-- The bookings' data version: the data version of the last commit that changed anything the
-- bookings' answers may show. A room's housekeeping status (and its updated_at) alone leaves it: a
-- housekeeping team marks rooms clean and dirty all day long, and the bookings list, kept under this
-- version, need not be computed again for it. The room plan, which shows the status, stays under the
-- data version itself.
ALTER TABLE "property_versions" ADD COLUMN "bookings_version" bigint;
--> statement-breakpoint
UPDATE "property_versions" SET "bookings_version" = "version";
--> statement-breakpoint
ALTER TABLE "property_versions" ALTER COLUMN "bookings_version" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "property_versions" ALTER COLUMN "bookings_version" SET DEFAULT 1;
--> statement-breakpoint
-- TG_ARGV[0]: the column holding the property's id. TG_ARGV[1] and after: columns an update may
-- change alone without changing what the bookings' answers show. Once a transaction: the data
-- version counts up and, when the bookings' data changed too, the bookings version takes its value.
-- Both are announced on property_changes as '<property id> <version> <bookings version>'.
CREATE OR REPLACE FUNCTION note_property_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := (to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0])::uuid;
  flag text;
  noted text;
  is_bookings boolean := TRUE;
  counted bigint;
  counted_bookings bigint;
BEGIN
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_NARGS > 1 THEN
    is_bookings := (to_jsonb(OLD) - TG_ARGV[1:TG_NARGS - 1]) IS DISTINCT FROM (to_jsonb(NEW) - TG_ARGV[1:TG_NARGS - 1]);
  END IF;
  -- What this transaction has counted for the property: nothing, 'version', or 'bookings' (both).
  flag := 'pms.changed_' || replace(changed::text, '-', '');
  noted := nullif(current_setting(flag, true), '');
  IF noted = 'bookings' OR (noted = 'version' AND NOT is_bookings) THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(flag, CASE WHEN is_bookings THEN 'bookings' ELSE 'version' END, true);
  IF noted IS NULL THEN
    INSERT INTO property_versions AS v (property_id) VALUES (changed)
      ON CONFLICT (property_id) DO UPDATE SET version = v.version + 1,
        bookings_version = CASE WHEN is_bookings THEN v.version + 1 ELSE v.bookings_version END
      RETURNING v.version, v.bookings_version INTO counted, counted_bookings;
    UPDATE stay_changes SET version = counted WHERE property_id = changed AND version IS NULL;
  ELSE
    UPDATE property_versions SET bookings_version = version WHERE property_id = changed
      RETURNING version, bookings_version INTO counted, counted_bookings;
  END IF;
  PERFORM pg_notify('property_changes', changed::text || ' ' || counted::text || ' ' || counted_bookings::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "rooms_changes" ON "rooms";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rooms_changes" AFTER INSERT OR UPDATE OR DELETE ON "rooms"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION note_property_change('property_id', 'housekeeping_status', 'updated_at');
