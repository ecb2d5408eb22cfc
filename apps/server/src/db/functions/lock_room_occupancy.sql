-- Last defined by migration 0003_tenant_keys_and_room_locking.sql.
CREATE OR REPLACE FUNCTION lock_room_occupancy(room uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(727002, hashtext(room::text));
$$;
