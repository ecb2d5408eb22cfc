-- E-mail: the properties' own templates, and the outbox of every message with its raw RFC 822 text.
CREATE TABLE "mail_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "mail_templates_kind_check" CHECK ("mail_templates"."kind" in ('confirmation', 'invoice')),
	CONSTRAINT "mail_templates_language_check" CHECK ("mail_templates"."language" in ('de', 'en'))
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"booking_id" uuid,
	"invoice_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"transport" text,
	"message_id" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw" text NOT NULL,
	CONSTRAINT "mail_messages_kind_check" CHECK ("mail_messages"."kind" in ('link', 'confirmation', 'invoice')),
	CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "mail_messages_transport_check" CHECK ("mail_messages"."transport" in ('smtp', 'outbox'))
);
--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A message belongs to a booking or an invoice of its own property only.
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_invoice_id_same_property_fk" FOREIGN KEY ("property_id", "invoice_id") REFERENCES "invoices" ("property_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_key" ON "mail_templates" USING btree ("property_id","kind","language");
--> statement-breakpoint
CREATE INDEX "mail_messages_property_idx" ON "mail_messages" USING btree ("property_id","created_at");
--> statement-breakpoint
CREATE INDEX "mail_messages_booking_idx" ON "mail_messages" USING btree ("booking_id");
--> statement-breakpoint
CREATE INDEX "mail_messages_invoice_idx" ON "mail_messages" USING btree ("invoice_id");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "mail_templates_changes" AFTER INSERT OR UPDATE OR DELETE ON "mail_templates"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "mail_messages_changes" AFTER INSERT OR UPDATE OR DELETE ON "mail_messages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
