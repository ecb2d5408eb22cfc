-- Last defined by migration 0031_tenant_keys.sql.
CREATE OR REPLACE FUNCTION note_stay_changes(booking_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stay_changes (booking_id, property_id)
  SELECT b.id, b.property_id FROM bookings b WHERE b.id = ANY (booking_ids)
  ON CONFLICT (property_id, booking_id) DO UPDATE SET version = NULL
$$;
