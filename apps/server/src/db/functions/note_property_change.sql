-- Last defined by migration 0031_tenant_keys.sql.
CREATE OR REPLACE FUNCTION note_property_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := (to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0])::uuid;
  flag text;
  counted bigint;
BEGIN
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
