-- Every committed change to a property's data counts up that property's version, once a transaction,
-- and is announced on the channel `property_changes` as '<property id> <version>'. Answers computed
-- from a property's data are cached under its version (apps/server/src/http/answer-cache.ts).
-- Sessions, API keys and jobs change without changing what a property's answers say.
CREATE TABLE "property_versions" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "property_versions" ("property_id") SELECT "id" FROM "properties";
--> statement-breakpoint
-- A deferred row trigger runs at commit, after every other lock of the transaction is held: the
-- version row is locked last and briefly, and the count follows commit order.
CREATE FUNCTION note_property_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM pg_notify('property_changes', changed::text || ' ' || counted::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "properties_changes" AFTER INSERT OR UPDATE OR DELETE ON "properties"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "booking_guests_changes" AFTER INSERT OR UPDATE OR DELETE ON "booking_guests"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('booking_id', 'bookings');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_files_changes" AFTER INSERT OR UPDATE OR DELETE ON "contact_files"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('contact_id', 'contacts');
--> statement-breakpoint
DO $$
DECLARE
  scoped record;
BEGIN
  FOR scoped IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.column_name = 'property_id' AND t.table_type = 'BASE TABLE'
      AND c.table_name NOT IN ('sessions', 'api_keys', 'jobs', 'property_versions')
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change(''property_id'')',
      scoped.table_name || '_changes', scoped.table_name);
  END LOOP;
END $$;
--> statement-breakpoint
-- Who may act: a signed-out session, a changed user or membership, a closed property. Announced on
-- `access_changes`, so that an instance that keeps identities in memory forgets them.
CREATE FUNCTION note_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_access_changes" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION note_access_change();
--> statement-breakpoint
CREATE TRIGGER "users_access_changes" AFTER UPDATE OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION note_access_change();
--> statement-breakpoint
CREATE TRIGGER "property_users_access_changes" AFTER INSERT OR UPDATE OR DELETE ON "property_users"
  FOR EACH STATEMENT EXECUTE FUNCTION note_access_change();
--> statement-breakpoint
CREATE TRIGGER "properties_access_changes" AFTER UPDATE OR DELETE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION note_access_change();
