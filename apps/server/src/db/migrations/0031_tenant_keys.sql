-- Tenant keys: every primary key, unique and exclusion constraint of a table with a property_id includes
-- it, so the schema can be distributed by property (decision 184). Primary keys become (property_id, id);
-- every reference into a tenant table is a composite (property_id, <ref>_id) key to that primary key; a
-- plain index on id stays where rows are read by id alone. A booking's guests and a contact's documents
-- carry their property as well. The global tables (sessions, jobs) and an API key's secret, which a caller
-- may choose and which must name one key among all properties, keep their keys (see the decision).
ALTER TABLE "booking_guests" ADD COLUMN "property_id" uuid;
--> statement-breakpoint
UPDATE "booking_guests" bg SET "property_id" = b."property_id" FROM "bookings" b WHERE b."id" = bg."booking_id";
--> statement-breakpoint
ALTER TABLE "contact_files" ADD COLUMN "property_id" uuid;
--> statement-breakpoint
UPDATE "contact_files" cf SET "property_id" = c."property_id" FROM "contacts" c WHERE c."id" = cf."contact_id";
--> statement-breakpoint
ALTER TABLE "booking_guests" ALTER COLUMN "property_id" SET NOT NULL,
  ADD CONSTRAINT "booking_guests_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id");
--> statement-breakpoint
ALTER TABLE "contact_files" ALTER COLUMN "property_id" SET NOT NULL,
  ADD CONSTRAINT "contact_files_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id");
--> statement-breakpoint
-- The references into tenant tables go first: they hold on to the keys replaced below.
ALTER TABLE "access_credentials"
  DROP CONSTRAINT "access_credentials_access_point_id_same_property_fk",
  DROP CONSTRAINT "access_credentials_token_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "access_points"
  DROP CONSTRAINT "access_points_room_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "access_tokens"
  DROP CONSTRAINT "access_tokens_booking_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "booking_guests"
  DROP CONSTRAINT "booking_guests_booking_id_bookings_id_fk",
  DROP CONSTRAINT "booking_guests_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_links"
  DROP CONSTRAINT "booking_links_booking_id_bookings_id_fk",
  DROP CONSTRAINT "booking_links_booking_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "bookings"
  DROP CONSTRAINT "bookings_channel_id_fkey",
  DROP CONSTRAINT "bookings_customer_id_contacts_id_fk",
  DROP CONSTRAINT "bookings_customer_id_same_property_fk",
  DROP CONSTRAINT "bookings_group_id_groups_id_fk",
  DROP CONSTRAINT "bookings_group_id_same_property_fk",
  DROP CONSTRAINT "bookings_rate_id_rates_id_fk",
  DROP CONSTRAINT "bookings_rate_id_same_property_fk",
  DROP CONSTRAINT "bookings_registration_file_id_files_id_fk",
  DROP CONSTRAINT "bookings_registration_file_id_same_property_fk",
  DROP CONSTRAINT "bookings_room_id_rooms_id_fk",
  DROP CONSTRAINT "bookings_room_id_same_property_fk",
  DROP CONSTRAINT "bookings_room_type_id_room_types_id_fk",
  DROP CONSTRAINT "bookings_room_type_id_same_property_fk",
  DROP CONSTRAINT "bookings_signature_file_id_files_id_fk",
  DROP CONSTRAINT "bookings_signature_file_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "channel_feeds"
  DROP CONSTRAINT "channel_feeds_channel_id_fkey",
  DROP CONSTRAINT "channel_feeds_room_id_fkey";
--> statement-breakpoint
ALTER TABLE "channel_stays"
  DROP CONSTRAINT "channel_stays_booking_id_fkey",
  DROP CONSTRAINT "channel_stays_feed_id_fkey",
  DROP CONSTRAINT "channel_stays_room_lock_id_fkey";
--> statement-breakpoint
ALTER TABLE "charges"
  DROP CONSTRAINT "charges_booking_id_bookings_id_fk",
  DROP CONSTRAINT "charges_booking_id_same_property_fk",
  DROP CONSTRAINT "charges_corrects_charge_id_same_property_fk",
  DROP CONSTRAINT "charges_folio_id_folios_id_fk",
  DROP CONSTRAINT "charges_folio_id_same_property_fk",
  DROP CONSTRAINT "charges_item_id_items_id_fk",
  DROP CONSTRAINT "charges_item_id_same_property_fk",
  DROP CONSTRAINT "charges_tax_rate_id_same_property_fk",
  DROP CONSTRAINT "charges_tax_rate_id_tax_rates_id_fk",
  DROP CONSTRAINT "charges_transfer_charge_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "checkout_sessions"
  DROP CONSTRAINT "checkout_sessions_booking_id_same_property_fk",
  DROP CONSTRAINT "checkout_sessions_folio_id_same_property_fk",
  DROP CONSTRAINT "checkout_sessions_payment_method_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "contact_files"
  DROP CONSTRAINT "contact_files_booking_id_bookings_id_fk",
  DROP CONSTRAINT "contact_files_contact_id_contacts_id_fk",
  DROP CONSTRAINT "contact_files_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "contacts"
  DROP CONSTRAINT "contacts_default_rate_id_rates_id_fk",
  DROP CONSTRAINT "contacts_default_rate_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "folios"
  DROP CONSTRAINT "folios_booking_id_bookings_id_fk",
  DROP CONSTRAINT "folios_booking_id_same_property_fk",
  DROP CONSTRAINT "folios_customer_id_contacts_id_fk",
  DROP CONSTRAINT "folios_customer_id_same_property_fk",
  DROP CONSTRAINT "folios_group_id_groups_id_fk",
  DROP CONSTRAINT "folios_group_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "groups"
  DROP CONSTRAINT "groups_customer_id_contacts_id_fk",
  DROP CONSTRAINT "groups_customer_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "invoice_lines"
  DROP CONSTRAINT "invoice_lines_invoice_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "invoice_reminders"
  DROP CONSTRAINT "invoice_reminders_file_id_fkey",
  DROP CONSTRAINT "invoice_reminders_invoice_id_fkey",
  DROP CONSTRAINT "invoice_reminders_mail_message_id_fkey";
--> statement-breakpoint
ALTER TABLE "invoice_taxes"
  DROP CONSTRAINT "invoice_taxes_invoice_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "invoices"
  DROP CONSTRAINT "invoices_booking_id_bookings_id_fk",
  DROP CONSTRAINT "invoices_booking_id_same_property_fk",
  DROP CONSTRAINT "invoices_cancels_same_property_fk",
  DROP CONSTRAINT "invoices_customer_id_contacts_id_fk",
  DROP CONSTRAINT "invoices_customer_id_same_property_fk",
  DROP CONSTRAINT "invoices_file_id_files_id_fk",
  DROP CONSTRAINT "invoices_file_id_same_property_fk",
  DROP CONSTRAINT "invoices_folio_id_folios_id_fk",
  DROP CONSTRAINT "invoices_folio_id_same_property_fk",
  DROP CONSTRAINT "invoices_xml_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "items"
  DROP CONSTRAINT "items_tax_rate_id_same_property_fk",
  DROP CONSTRAINT "items_tax_rate_id_tax_rates_id_fk";
--> statement-breakpoint
ALTER TABLE "mail_messages"
  DROP CONSTRAINT "mail_messages_booking_id_same_property_fk",
  DROP CONSTRAINT "mail_messages_invoice_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "payments"
  DROP CONSTRAINT "payments_folio_id_folios_id_fk",
  DROP CONSTRAINT "payments_folio_id_same_property_fk",
  DROP CONSTRAINT "payments_payment_method_id_payment_methods_id_fk",
  DROP CONSTRAINT "payments_payment_method_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "properties"
  DROP CONSTRAINT "properties_logo_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "rate_items"
  DROP CONSTRAINT "rate_items_item_id_items_id_fk",
  DROP CONSTRAINT "rate_items_item_id_same_property_fk",
  DROP CONSTRAINT "rate_items_rate_id_rates_id_fk",
  DROP CONSTRAINT "rate_items_rate_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "rate_prices"
  DROP CONSTRAINT "rate_prices_rate_id_rates_id_fk",
  DROP CONSTRAINT "rate_prices_rate_id_same_property_fk",
  DROP CONSTRAINT "rate_prices_room_type_id_room_types_id_fk",
  DROP CONSTRAINT "rate_prices_room_type_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "room_locks"
  DROP CONSTRAINT "room_locks_room_id_rooms_id_fk",
  DROP CONSTRAINT "room_locks_room_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "room_occupancies"
  DROP CONSTRAINT "room_occupancies_booking_id_bookings_id_fk",
  DROP CONSTRAINT "room_occupancies_booking_id_same_property_fk",
  DROP CONSTRAINT "room_occupancies_room_id_rooms_id_fk",
  DROP CONSTRAINT "room_occupancies_room_id_same_property_fk",
  DROP CONSTRAINT "room_occupancies_room_lock_id_room_locks_id_fk",
  DROP CONSTRAINT "room_occupancies_room_lock_id_same_property_fk";
--> statement-breakpoint
ALTER TABLE "rooms"
  DROP CONSTRAINT "rooms_room_type_id_room_types_id_fk",
  DROP CONSTRAINT "rooms_room_type_id_same_property_fk";
--> statement-breakpoint
-- Each primary key becomes (property_id, id); the unique (property_id, id) of migration 0003 is the same key.
CREATE INDEX "access_credentials_id_idx" ON "access_credentials" ("id");
--> statement-breakpoint
ALTER TABLE "access_credentials"
  DROP CONSTRAINT "access_credentials_pkey",
  ADD CONSTRAINT "access_credentials_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "access_points_id_idx" ON "access_points" ("id");
--> statement-breakpoint
ALTER TABLE "access_points"
  DROP CONSTRAINT "access_points_pkey",
  DROP CONSTRAINT "access_points_property_id_id_unique",
  ADD CONSTRAINT "access_points_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "access_tokens_id_idx" ON "access_tokens" ("id");
--> statement-breakpoint
ALTER TABLE "access_tokens"
  DROP CONSTRAINT "access_tokens_pkey",
  DROP CONSTRAINT "access_tokens_property_id_id_unique",
  ADD CONSTRAINT "access_tokens_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "api_keys_id_idx" ON "api_keys" ("id");
--> statement-breakpoint
ALTER TABLE "api_keys"
  DROP CONSTRAINT "api_keys_pkey",
  ADD CONSTRAINT "api_keys_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "booking_links_id_idx" ON "booking_links" ("id");
--> statement-breakpoint
ALTER TABLE "booking_links"
  DROP CONSTRAINT "booking_links_pkey",
  ADD CONSTRAINT "booking_links_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "bookings_id_idx" ON "bookings" ("id");
--> statement-breakpoint
ALTER TABLE "bookings"
  DROP CONSTRAINT "bookings_pkey",
  DROP CONSTRAINT "bookings_property_id_id_unique",
  ADD CONSTRAINT "bookings_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "channel_feeds_id_idx" ON "channel_feeds" ("id");
--> statement-breakpoint
ALTER TABLE "channel_feeds"
  DROP CONSTRAINT "channel_feeds_pkey",
  ADD CONSTRAINT "channel_feeds_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "channel_stays_id_idx" ON "channel_stays" ("id");
--> statement-breakpoint
ALTER TABLE "channel_stays"
  DROP CONSTRAINT "channel_stays_pkey",
  ADD CONSTRAINT "channel_stays_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "channels_id_idx" ON "channels" ("id");
--> statement-breakpoint
ALTER TABLE "channels"
  DROP CONSTRAINT "channels_pkey",
  ADD CONSTRAINT "channels_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "charges_id_idx" ON "charges" ("id");
--> statement-breakpoint
ALTER TABLE "charges"
  DROP CONSTRAINT "charges_pkey",
  DROP CONSTRAINT "charges_property_id_id_unique",
  ADD CONSTRAINT "charges_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "checkout_sessions_id_idx" ON "checkout_sessions" ("id");
--> statement-breakpoint
ALTER TABLE "checkout_sessions"
  DROP CONSTRAINT "checkout_sessions_pkey",
  ADD CONSTRAINT "checkout_sessions_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "contacts_id_idx" ON "contacts" ("id");
--> statement-breakpoint
ALTER TABLE "contacts"
  DROP CONSTRAINT "contacts_pkey",
  DROP CONSTRAINT "contacts_property_id_id_unique",
  ADD CONSTRAINT "contacts_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "events_id_idx" ON "events" ("id");
--> statement-breakpoint
ALTER TABLE "events"
  DROP CONSTRAINT "events_pkey",
  ADD CONSTRAINT "events_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "files_id_idx" ON "files" ("id");
--> statement-breakpoint
ALTER TABLE "files"
  DROP CONSTRAINT "files_pkey",
  DROP CONSTRAINT "files_property_id_id_unique",
  ADD CONSTRAINT "files_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "folios_id_idx" ON "folios" ("id");
--> statement-breakpoint
ALTER TABLE "folios"
  DROP CONSTRAINT "folios_pkey",
  DROP CONSTRAINT "folios_property_id_id_unique",
  ADD CONSTRAINT "folios_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "groups_id_idx" ON "groups" ("id");
--> statement-breakpoint
ALTER TABLE "groups"
  DROP CONSTRAINT "groups_pkey",
  DROP CONSTRAINT "groups_property_id_id_unique",
  ADD CONSTRAINT "groups_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoice_lines"
  DROP CONSTRAINT "invoice_lines_pkey",
  ADD CONSTRAINT "invoice_lines_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "invoice_reminders_id_idx" ON "invoice_reminders" ("id");
--> statement-breakpoint
ALTER TABLE "invoice_reminders"
  DROP CONSTRAINT "invoice_reminders_pkey",
  ADD CONSTRAINT "invoice_reminders_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoice_taxes"
  DROP CONSTRAINT "invoice_taxes_pkey",
  ADD CONSTRAINT "invoice_taxes_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "invoices_id_idx" ON "invoices" ("id");
--> statement-breakpoint
ALTER TABLE "invoices"
  DROP CONSTRAINT "invoices_pkey",
  DROP CONSTRAINT "invoices_property_id_id_unique",
  ADD CONSTRAINT "invoices_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "items_id_idx" ON "items" ("id");
--> statement-breakpoint
ALTER TABLE "items"
  DROP CONSTRAINT "items_pkey",
  DROP CONSTRAINT "items_property_id_id_unique",
  ADD CONSTRAINT "items_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "mail_messages_id_idx" ON "mail_messages" ("id");
--> statement-breakpoint
ALTER TABLE "mail_messages"
  DROP CONSTRAINT "mail_messages_pkey",
  ADD CONSTRAINT "mail_messages_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "mail_templates_id_idx" ON "mail_templates" ("id");
--> statement-breakpoint
ALTER TABLE "mail_templates"
  DROP CONSTRAINT "mail_templates_pkey",
  ADD CONSTRAINT "mail_templates_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "notes_id_idx" ON "notes" ("id");
--> statement-breakpoint
ALTER TABLE "notes"
  DROP CONSTRAINT "notes_pkey",
  ADD CONSTRAINT "notes_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "payment_methods_id_idx" ON "payment_methods" ("id");
--> statement-breakpoint
ALTER TABLE "payment_methods"
  DROP CONSTRAINT "payment_methods_pkey",
  DROP CONSTRAINT "payment_methods_property_id_id_unique",
  ADD CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "payments_id_idx" ON "payments" ("id");
--> statement-breakpoint
ALTER TABLE "payments"
  DROP CONSTRAINT "payments_pkey",
  ADD CONSTRAINT "payments_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "property_users_id_idx" ON "property_users" ("id");
--> statement-breakpoint
ALTER TABLE "property_users"
  DROP CONSTRAINT "property_users_pkey",
  ADD CONSTRAINT "property_users_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "rate_items_id_idx" ON "rate_items" ("id");
--> statement-breakpoint
ALTER TABLE "rate_items"
  DROP CONSTRAINT "rate_items_pkey",
  ADD CONSTRAINT "rate_items_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "rate_prices_id_idx" ON "rate_prices" ("id");
--> statement-breakpoint
ALTER TABLE "rate_prices"
  DROP CONSTRAINT "rate_prices_pkey",
  ADD CONSTRAINT "rate_prices_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "rates_id_idx" ON "rates" ("id");
--> statement-breakpoint
ALTER TABLE "rates"
  DROP CONSTRAINT "rates_pkey",
  DROP CONSTRAINT "rates_property_id_id_unique",
  ADD CONSTRAINT "rates_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "room_locks_id_idx" ON "room_locks" ("id");
--> statement-breakpoint
ALTER TABLE "room_locks"
  DROP CONSTRAINT "room_locks_pkey",
  DROP CONSTRAINT "room_locks_property_id_id_unique",
  ADD CONSTRAINT "room_locks_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "room_occupancies"
  DROP CONSTRAINT "room_occupancies_pkey",
  ADD CONSTRAINT "room_occupancies_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "room_types_id_idx" ON "room_types" ("id");
--> statement-breakpoint
ALTER TABLE "room_types"
  DROP CONSTRAINT "room_types_pkey",
  DROP CONSTRAINT "room_types_property_id_id_unique",
  ADD CONSTRAINT "room_types_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "rooms_id_idx" ON "rooms" ("id");
--> statement-breakpoint
ALTER TABLE "rooms"
  DROP CONSTRAINT "rooms_pkey",
  DROP CONSTRAINT "rooms_property_id_id_unique",
  ADD CONSTRAINT "rooms_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "setting_entries_id_idx" ON "setting_entries" ("id");
--> statement-breakpoint
ALTER TABLE "setting_entries"
  DROP CONSTRAINT "setting_entries_pkey",
  ADD CONSTRAINT "setting_entries_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "tax_rates_id_idx" ON "tax_rates" ("id");
--> statement-breakpoint
ALTER TABLE "tax_rates"
  DROP CONSTRAINT "tax_rates_pkey",
  DROP CONSTRAINT "tax_rates_property_id_id_unique",
  ADD CONSTRAINT "tax_rates_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "team_invitations_id_idx" ON "team_invitations" ("id");
--> statement-breakpoint
ALTER TABLE "team_invitations"
  DROP CONSTRAINT "team_invitations_pkey",
  ADD CONSTRAINT "team_invitations_pkey" PRIMARY KEY ("property_id", "id");
--> statement-breakpoint
-- References, each to the primary key of its own property's row.
ALTER TABLE "access_credentials"
  ADD CONSTRAINT "access_credentials_access_point_id_same_property_fk" FOREIGN KEY ("property_id", "access_point_id") REFERENCES "access_points" ("property_id", "id"),
  ADD CONSTRAINT "access_credentials_token_id_same_property_fk" FOREIGN KEY ("property_id", "token_id") REFERENCES "access_tokens" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "access_points"
  ADD CONSTRAINT "access_points_room_id_same_property_fk" FOREIGN KEY ("property_id", "room_id") REFERENCES "rooms" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "access_tokens"
  ADD CONSTRAINT "access_tokens_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "booking_guests"
  ADD CONSTRAINT "booking_guests_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id"),
  ADD CONSTRAINT "booking_guests_contact_id_same_property_fk" FOREIGN KEY ("property_id", "contact_id") REFERENCES "contacts" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "booking_links"
  ADD CONSTRAINT "booking_links_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_customer_id_same_property_fk" FOREIGN KEY ("property_id", "customer_id") REFERENCES "contacts" ("property_id", "id"),
  ADD CONSTRAINT "bookings_group_id_same_property_fk" FOREIGN KEY ("property_id", "group_id") REFERENCES "groups" ("property_id", "id"),
  ADD CONSTRAINT "bookings_rate_id_same_property_fk" FOREIGN KEY ("property_id", "rate_id") REFERENCES "rates" ("property_id", "id"),
  ADD CONSTRAINT "bookings_registration_file_id_same_property_fk" FOREIGN KEY ("property_id", "registration_file_id") REFERENCES "files" ("property_id", "id"),
  ADD CONSTRAINT "bookings_room_id_same_property_fk" FOREIGN KEY ("property_id", "room_id") REFERENCES "rooms" ("property_id", "id"),
  ADD CONSTRAINT "bookings_room_type_id_same_property_fk" FOREIGN KEY ("property_id", "room_type_id") REFERENCES "room_types" ("property_id", "id"),
  ADD CONSTRAINT "bookings_signature_file_id_same_property_fk" FOREIGN KEY ("property_id", "signature_file_id") REFERENCES "files" ("property_id", "id"),
  ADD CONSTRAINT "bookings_channel_id_same_property_fk" FOREIGN KEY ("property_id", "channel_id") REFERENCES "channels" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "channel_feeds"
  ADD CONSTRAINT "channel_feeds_channel_id_same_property_fk" FOREIGN KEY ("property_id", "channel_id") REFERENCES "channels" ("property_id", "id"),
  ADD CONSTRAINT "channel_feeds_room_id_same_property_fk" FOREIGN KEY ("property_id", "room_id") REFERENCES "rooms" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "channel_stays"
  ADD CONSTRAINT "channel_stays_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id"),
  ADD CONSTRAINT "channel_stays_feed_id_same_property_fk" FOREIGN KEY ("property_id", "feed_id") REFERENCES "channel_feeds" ("property_id", "id"),
  ADD CONSTRAINT "channel_stays_room_lock_id_same_property_fk" FOREIGN KEY ("property_id", "room_lock_id") REFERENCES "room_locks" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "charges"
  ADD CONSTRAINT "charges_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id"),
  ADD CONSTRAINT "charges_corrects_charge_id_same_property_fk" FOREIGN KEY ("property_id", "corrects_charge_id") REFERENCES "charges" ("property_id", "id") ON DELETE CASCADE,
  ADD CONSTRAINT "charges_folio_id_same_property_fk" FOREIGN KEY ("property_id", "folio_id") REFERENCES "folios" ("property_id", "id"),
  ADD CONSTRAINT "charges_item_id_same_property_fk" FOREIGN KEY ("property_id", "item_id") REFERENCES "items" ("property_id", "id"),
  ADD CONSTRAINT "charges_tax_rate_id_same_property_fk" FOREIGN KEY ("property_id", "tax_rate_id") REFERENCES "tax_rates" ("property_id", "id"),
  ADD CONSTRAINT "charges_transfer_charge_id_same_property_fk" FOREIGN KEY ("property_id", "transfer_charge_id") REFERENCES "charges" ("property_id", "id") ON DELETE SET NULL (transfer_charge_id);
--> statement-breakpoint
ALTER TABLE "checkout_sessions"
  ADD CONSTRAINT "checkout_sessions_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id"),
  ADD CONSTRAINT "checkout_sessions_folio_id_same_property_fk" FOREIGN KEY ("property_id", "folio_id") REFERENCES "folios" ("property_id", "id"),
  ADD CONSTRAINT "checkout_sessions_payment_method_id_same_property_fk" FOREIGN KEY ("property_id", "payment_method_id") REFERENCES "payment_methods" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "contact_files"
  ADD CONSTRAINT "contact_files_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id"),
  ADD CONSTRAINT "contact_files_contact_id_same_property_fk" FOREIGN KEY ("property_id", "contact_id") REFERENCES "contacts" ("property_id", "id"),
  ADD CONSTRAINT "contact_files_file_id_same_property_fk" FOREIGN KEY ("property_id", "file_id") REFERENCES "files" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "contacts"
  ADD CONSTRAINT "contacts_default_rate_id_same_property_fk" FOREIGN KEY ("property_id", "default_rate_id") REFERENCES "rates" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "folios"
  ADD CONSTRAINT "folios_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id"),
  ADD CONSTRAINT "folios_customer_id_same_property_fk" FOREIGN KEY ("property_id", "customer_id") REFERENCES "contacts" ("property_id", "id"),
  ADD CONSTRAINT "folios_group_id_same_property_fk" FOREIGN KEY ("property_id", "group_id") REFERENCES "groups" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "groups"
  ADD CONSTRAINT "groups_customer_id_same_property_fk" FOREIGN KEY ("property_id", "customer_id") REFERENCES "contacts" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoice_lines"
  ADD CONSTRAINT "invoice_lines_invoice_id_same_property_fk" FOREIGN KEY ("property_id", "invoice_id") REFERENCES "invoices" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoice_reminders"
  ADD CONSTRAINT "invoice_reminders_file_id_same_property_fk" FOREIGN KEY ("property_id", "file_id") REFERENCES "files" ("property_id", "id"),
  ADD CONSTRAINT "invoice_reminders_invoice_id_same_property_fk" FOREIGN KEY ("property_id", "invoice_id") REFERENCES "invoices" ("property_id", "id"),
  ADD CONSTRAINT "invoice_reminders_mail_message_id_same_property_fk" FOREIGN KEY ("property_id", "mail_message_id") REFERENCES "mail_messages" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoice_taxes"
  ADD CONSTRAINT "invoice_taxes_invoice_id_same_property_fk" FOREIGN KEY ("property_id", "invoice_id") REFERENCES "invoices" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices"
  ADD CONSTRAINT "invoices_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id"),
  ADD CONSTRAINT "invoices_cancels_same_property_fk" FOREIGN KEY ("property_id", "cancels_invoice_id") REFERENCES "invoices" ("property_id", "id"),
  ADD CONSTRAINT "invoices_customer_id_same_property_fk" FOREIGN KEY ("property_id", "customer_id") REFERENCES "contacts" ("property_id", "id"),
  ADD CONSTRAINT "invoices_file_id_same_property_fk" FOREIGN KEY ("property_id", "file_id") REFERENCES "files" ("property_id", "id"),
  ADD CONSTRAINT "invoices_folio_id_same_property_fk" FOREIGN KEY ("property_id", "folio_id") REFERENCES "folios" ("property_id", "id"),
  ADD CONSTRAINT "invoices_xml_file_id_same_property_fk" FOREIGN KEY ("property_id", "xml_file_id") REFERENCES "files" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "items"
  ADD CONSTRAINT "items_tax_rate_id_same_property_fk" FOREIGN KEY ("property_id", "tax_rate_id") REFERENCES "tax_rates" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "mail_messages"
  ADD CONSTRAINT "mail_messages_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id"),
  ADD CONSTRAINT "mail_messages_invoice_id_same_property_fk" FOREIGN KEY ("property_id", "invoice_id") REFERENCES "invoices" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "payments"
  ADD CONSTRAINT "payments_folio_id_same_property_fk" FOREIGN KEY ("property_id", "folio_id") REFERENCES "folios" ("property_id", "id"),
  ADD CONSTRAINT "payments_payment_method_id_same_property_fk" FOREIGN KEY ("property_id", "payment_method_id") REFERENCES "payment_methods" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "properties"
  ADD CONSTRAINT "properties_logo_id_same_property_fk" FOREIGN KEY ("id", "logo_id") REFERENCES "files" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "rate_items"
  ADD CONSTRAINT "rate_items_item_id_same_property_fk" FOREIGN KEY ("property_id", "item_id") REFERENCES "items" ("property_id", "id"),
  ADD CONSTRAINT "rate_items_rate_id_same_property_fk" FOREIGN KEY ("property_id", "rate_id") REFERENCES "rates" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "rate_prices"
  ADD CONSTRAINT "rate_prices_rate_id_same_property_fk" FOREIGN KEY ("property_id", "rate_id") REFERENCES "rates" ("property_id", "id"),
  ADD CONSTRAINT "rate_prices_room_type_id_same_property_fk" FOREIGN KEY ("property_id", "room_type_id") REFERENCES "room_types" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "room_locks"
  ADD CONSTRAINT "room_locks_room_id_same_property_fk" FOREIGN KEY ("property_id", "room_id") REFERENCES "rooms" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "room_occupancies"
  ADD CONSTRAINT "room_occupancies_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id") ON DELETE CASCADE,
  ADD CONSTRAINT "room_occupancies_room_id_same_property_fk" FOREIGN KEY ("property_id", "room_id") REFERENCES "rooms" ("property_id", "id"),
  ADD CONSTRAINT "room_occupancies_room_lock_id_same_property_fk" FOREIGN KEY ("property_id", "room_lock_id") REFERENCES "room_locks" ("property_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "rooms"
  ADD CONSTRAINT "rooms_room_type_id_same_property_fk" FOREIGN KEY ("property_id", "room_type_id") REFERENCES "room_types" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "stay_changes"
  DROP CONSTRAINT "stay_changes_pkey",
  ADD CONSTRAINT "stay_changes_pkey" PRIMARY KEY ("property_id", "booking_id");
--> statement-breakpoint
-- No double booking, now per property's room: a room belongs to one property, so the rule is the same.
ALTER TABLE "room_occupancies"
  DROP CONSTRAINT "room_occupancies_no_overlap",
  ADD CONSTRAINT "room_occupancies_no_overlap" EXCLUDE USING gist ("property_id" WITH =, "room_id" WITH =, "stay" WITH &&);
--> statement-breakpoint
-- The unique keys of the property's rows, each within its property. property_id comes last, so that each
-- index still serves the reads by its leading columns (a booking's guests, an invoice's lines, ...).
DROP INDEX "access_credentials_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "access_credentials_key" ON "access_credentials" ("token_id", "access_point_id", "property_id");
--> statement-breakpoint
DROP INDEX "access_points_room_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "access_points_room_key" ON "access_points" ("room_id", "property_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX "access_tokens_booking_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_booking_key" ON "access_tokens" ("booking_id", "property_id") WHERE "revoked_at" IS NULL;
--> statement-breakpoint
DROP INDEX "booking_guests_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_guests_key" ON "booking_guests" ("booking_id", "contact_id", "property_id");
--> statement-breakpoint
DROP INDEX "contact_files_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "contact_files_key" ON "contact_files" ("contact_id", "file_id", "property_id");
--> statement-breakpoint
DROP INDEX "channel_feeds_room_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_feeds_room_key" ON "channel_feeds" ("channel_id", "room_id", "property_id");
--> statement-breakpoint
DROP INDEX "channel_stays_uid_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_stays_uid_key" ON "channel_stays" ("feed_id", "uid", "property_id");
--> statement-breakpoint
DROP INDEX "checkout_sessions_provider_session_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_provider_session_key" ON "checkout_sessions" ("provider", "provider_session_id", "property_id");
--> statement-breakpoint
DROP INDEX "checkout_sessions_payment_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_payment_key" ON "checkout_sessions" ("provider", "payment_reference", "property_id");
--> statement-breakpoint
DROP INDEX "invoices_cancels_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_cancels_key" ON "invoices" ("cancels_invoice_id", "property_id") WHERE "cancels_invoice_id" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "invoice_lines_position_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_key" ON "invoice_lines" ("invoice_id", "position", "property_id");
--> statement-breakpoint
DROP INDEX "invoice_taxes_rate_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_taxes_rate_key" ON "invoice_taxes" ("invoice_id", "tax_basis_points", "property_id");
--> statement-breakpoint
DROP INDEX "invoice_reminders_level_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_level_key" ON "invoice_reminders" ("invoice_id", "level", "property_id");
--> statement-breakpoint
DROP INDEX "rate_prices_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "rate_prices_key" ON "rate_prices" ("rate_id", "room_type_id", "occupancy", "property_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Tokens that are read before their property is known: unique within the property, found by the same
-- index (the token leads). Both are random (an invitation's 256 bits, an export feed's 256 bits): two
-- never meet.
DROP INDEX "team_invitations_token_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_key" ON "team_invitations" ("token_hash", "property_id");
--> statement-breakpoint
DROP INDEX "channel_feeds_export_token_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_feeds_export_token_key" ON "channel_feeds" ("export_token", "property_id");
--> statement-breakpoint
-- A booking's guests and a contact's documents now name their property: they count for it directly.
DROP TRIGGER "booking_guests_changes" ON "booking_guests";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "booking_guests_changes" AFTER INSERT OR UPDATE OR DELETE ON "booking_guests"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
DROP TRIGGER "contact_files_changes" ON "contact_files";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_files_changes" AFTER INSERT OR UPDATE OR DELETE ON "contact_files"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
-- Every table the version count watches has a property of its own: the lookup through a parent goes.
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
--> statement-breakpoint
-- A stay's change is keyed by its property and booking.
CREATE OR REPLACE FUNCTION note_stay_changes(booking_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stay_changes (booking_id, property_id)
  SELECT b.id, b.property_id FROM bookings b WHERE b.id = ANY (booking_ids)
  ON CONFLICT (property_id, booking_id) DO UPDATE SET version = NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION note_booking_stay_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stay_changes (booking_id, property_id) VALUES (OLD.id, OLD.property_id)
      ON CONFLICT (property_id, booking_id) DO UPDATE SET version = NULL;
  ELSE
    PERFORM note_stay_changes(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
