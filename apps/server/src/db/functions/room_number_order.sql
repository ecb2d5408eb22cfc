-- Last defined by migration 0020_room_number_order.sql.
CREATE OR REPLACE FUNCTION room_number_order(number text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(
           CASE WHEN part[1] ~ '^[0-9]' THEN lpad(part[1], 20, '0') ELSE lower(part[1] COLLATE "C") END,
           '' ORDER BY position) COLLATE "C"
    FROM regexp_matches(number, '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS parts(part, position)
$$;
