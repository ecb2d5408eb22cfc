-- Tenant isolation kept by the database: a row refers only to records of its own property. Every
-- referenced table gets a unique (property_id, id) and every reference a composite foreign key over
-- (property_id, <ref>_id), so a reference into another property is refused whatever the code does.
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "folios" ADD CONSTRAINT "folios_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "room_locks" ADD CONSTRAINT "room_locks_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_id_same_property_fk" FOREIGN KEY ("property_id", "room_id") REFERENCES "rooms" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_type_id_same_property_fk" FOREIGN KEY ("property_id", "room_type_id") REFERENCES "room_types" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rate_id_same_property_fk" FOREIGN KEY ("property_id", "rate_id") REFERENCES "rates" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_same_property_fk" FOREIGN KEY ("property_id", "customer_id") REFERENCES "contacts" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_group_id_same_property_fk" FOREIGN KEY ("property_id", "group_id") REFERENCES "groups" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_signature_file_id_same_property_fk" FOREIGN KEY ("property_id", "signature_file_id") REFERENCES "files" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_default_rate_id_same_property_fk" FOREIGN KEY ("property_id", "default_rate_id") REFERENCES "rates" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_customer_id_same_property_fk" FOREIGN KEY ("property_id", "customer_id") REFERENCES "contacts" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_room_type_id_same_property_fk" FOREIGN KEY ("property_id", "room_type_id") REFERENCES "room_types" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_tax_rate_id_same_property_fk" FOREIGN KEY ("property_id", "tax_rate_id") REFERENCES "tax_rates" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "rate_prices" ADD CONSTRAINT "rate_prices_rate_id_same_property_fk" FOREIGN KEY ("property_id", "rate_id") REFERENCES "rates" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "rate_prices" ADD CONSTRAINT "rate_prices_room_type_id_same_property_fk" FOREIGN KEY ("property_id", "room_type_id") REFERENCES "room_types" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "rate_items" ADD CONSTRAINT "rate_items_rate_id_same_property_fk" FOREIGN KEY ("property_id", "rate_id") REFERENCES "rates" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "rate_items" ADD CONSTRAINT "rate_items_item_id_same_property_fk" FOREIGN KEY ("property_id", "item_id") REFERENCES "items" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "room_locks" ADD CONSTRAINT "room_locks_room_id_same_property_fk" FOREIGN KEY ("property_id", "room_id") REFERENCES "rooms" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "room_occupancies" ADD CONSTRAINT "room_occupancies_room_id_same_property_fk" FOREIGN KEY ("property_id", "room_id") REFERENCES "rooms" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "room_occupancies" ADD CONSTRAINT "room_occupancies_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "room_occupancies" ADD CONSTRAINT "room_occupancies_room_lock_id_same_property_fk" FOREIGN KEY ("property_id", "room_lock_id") REFERENCES "room_locks" ("property_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "folios" ADD CONSTRAINT "folios_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "folios" ADD CONSTRAINT "folios_group_id_same_property_fk" FOREIGN KEY ("property_id", "group_id") REFERENCES "groups" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "folios" ADD CONSTRAINT "folios_customer_id_same_property_fk" FOREIGN KEY ("property_id", "customer_id") REFERENCES "contacts" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_folio_id_same_property_fk" FOREIGN KEY ("property_id", "folio_id") REFERENCES "folios" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_item_id_same_property_fk" FOREIGN KEY ("property_id", "item_id") REFERENCES "items" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_tax_rate_id_same_property_fk" FOREIGN KEY ("property_id", "tax_rate_id") REFERENCES "tax_rates" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_folio_id_same_property_fk" FOREIGN KEY ("property_id", "folio_id") REFERENCES "folios" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_same_property_fk" FOREIGN KEY ("property_id", "payment_method_id") REFERENCES "payment_methods" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_folio_id_same_property_fk" FOREIGN KEY ("property_id", "folio_id") REFERENCES "folios" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_same_property_fk" FOREIGN KEY ("property_id", "customer_id") REFERENCES "contacts" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_file_id_same_property_fk" FOREIGN KEY ("property_id", "file_id") REFERENCES "files" ("property_id", "id");
--> statement-breakpoint
-- A property's logo is one of its own files.
ALTER TABLE "properties" ADD CONSTRAINT "properties_logo_id_same_property_fk" FOREIGN KEY ("id", "logo_id") REFERENCES "files" ("property_id", "id");
--> statement-breakpoint
-- One writer per room at a time. Two transactions inserting overlapping stays would otherwise each wait
-- for the other inside the exclusion constraint's check (a deadlock); with this lock the second one
-- waits for the first to commit and then sees its stay, and is refused at once.
CREATE FUNCTION lock_room_occupancy(room uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(727002, hashtext(room::text));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_booking_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM room_occupancies WHERE booking_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.room_id IS NOT NULL AND NEW.deleted_at IS NULL
     AND NEW.status IN ('confirmed', 'checked_in', 'checked_out') THEN
    PERFORM lock_room_occupancy(NEW.room_id);
    INSERT INTO room_occupancies (property_id, room_id, booking_id, stay)
    VALUES (NEW.property_id, NEW.room_id, NEW.id, daterange(NEW.check_in, NEW.check_out, '[)'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_room_lock_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM room_occupancies WHERE room_lock_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.status IN ('scheduled', 'active') THEN
    PERFORM lock_room_occupancy(NEW.room_id);
    INSERT INTO room_occupancies (property_id, room_id, room_lock_id, stay)
    VALUES (NEW.property_id, NEW.room_id, NEW.id, daterange(NEW.start_date, NEW.end_date, '[]'));
  END IF;
  RETURN NULL;
END $$;
