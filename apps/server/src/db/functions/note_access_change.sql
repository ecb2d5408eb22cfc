-- Last defined by migration 0008_data_versions.sql.
CREATE OR REPLACE FUNCTION note_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
