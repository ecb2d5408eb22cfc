-- The guest portal: what the registration law asks of a guest beyond the contact's fields (the travel
-- document of a foreign guest), whether a guest travels as a family member of the main guest, and the
-- signed registration form a portal check-in stores on the booking.
ALTER TABLE "contacts" ADD COLUMN "document_type" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "document_number" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "document_issue_date" date;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "document_issuing_authority" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_document_type_check" CHECK ("contacts"."document_type" in ('passport', 'id_card', 'other'));
--> statement-breakpoint
ALTER TABLE "booking_guests" ADD COLUMN "is_family_member" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "registration_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_registration_file_id_files_id_fk" FOREIGN KEY ("registration_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_registration_file_id_same_property_fk" FOREIGN KEY ("property_id", "registration_file_id") REFERENCES "files" ("property_id", "id");
