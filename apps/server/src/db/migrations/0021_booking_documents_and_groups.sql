-- A guest's document is handed in for one stay: the booking link shows only the documents of its own
-- booking, never what the contact brought to an earlier stay or what staff keep on the contact record.
ALTER TABLE "contact_files" ADD COLUMN "booking_id" uuid;
--> statement-breakpoint
ALTER TABLE "contact_files" ADD CONSTRAINT "contact_files_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id");
--> statement-breakpoint
CREATE INDEX "contact_files_booking_idx" ON "contact_files" USING btree ("booking_id") WHERE "booking_id" IS NOT NULL;
--> statement-breakpoint
-- A payment partner's events are taken in per property (the property whose secret verified them), and
-- what became of each is kept: booked, ignored (nothing to book, or booked before) or refused (its
-- amount or currency is not the checkout's). Events taken in before this have no property.
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_pkey";
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "property_id" uuid;
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id");
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "outcome" text DEFAULT 'ignored' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "checkout_session_id" uuid;
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "detail" text;
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_outcome_check" CHECK ("payment_events"."outcome" in ('booked', 'ignored', 'refused'));
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_key" ON "payment_events" USING btree ("provider","property_id","event_id");
--> statement-breakpoint
-- A booking joins only a group that is not deleted: the group row is share-locked while the booking is
-- written, so a deletion running at the same time either waits and then takes the booking out of the
-- group, or commits first and the booking is refused (23503, as for a group that is not there).
CREATE FUNCTION check_booking_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.group_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.group_id IS DISTINCT FROM OLD.group_id) THEN
    PERFORM 1 FROM groups WHERE id = NEW.group_id AND property_id = NEW.property_id AND deleted_at IS NULL
      FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'group % is deleted or not there', NEW.group_id
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bookings_group_live';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_group_live" BEFORE INSERT OR UPDATE OF "group_id" ON "bookings"
FOR EACH ROW EXECUTE FUNCTION check_booking_group();
