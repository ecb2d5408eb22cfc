-- Last defined by migration 0036_bookings_version.sql.
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
