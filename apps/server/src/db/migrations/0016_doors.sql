-- Doors: the property's access points (room doors and entrances), a booking's access token valid from
-- check-in date and time to check-out date and time, and one credential per access point at the lock
-- system, issued and revoked by the job runner.
CREATE TABLE "access_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"room_id" uuid,
	"lock_id" text,
	CONSTRAINT "access_points_property_id_id_unique" UNIQUE ("property_id", "id")
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"property_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_property_id_id_unique" UNIQUE ("property_id", "id"),
	CONSTRAINT "access_tokens_period_check" CHECK ("access_tokens"."valid_until" > "access_tokens"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "access_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"property_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"access_point_id" uuid NOT NULL,
	"lock_credential_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "access_credentials_status_check" CHECK ("access_credentials"."status" in ('pending', 'issued', 'revoking', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "access_points" ADD CONSTRAINT "access_points_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id");
--> statement-breakpoint
ALTER TABLE "access_points" ADD CONSTRAINT "access_points_room_id_same_property_fk" FOREIGN KEY ("property_id", "room_id") REFERENCES "rooms" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id");
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "access_credentials" ADD CONSTRAINT "access_credentials_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id");
--> statement-breakpoint
ALTER TABLE "access_credentials" ADD CONSTRAINT "access_credentials_token_id_same_property_fk" FOREIGN KEY ("property_id", "token_id") REFERENCES "access_tokens" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "access_credentials" ADD CONSTRAINT "access_credentials_access_point_id_same_property_fk" FOREIGN KEY ("property_id", "access_point_id") REFERENCES "access_points" ("property_id", "id");
--> statement-breakpoint
-- A room has one door.
CREATE UNIQUE INDEX "access_points_room_key" ON "access_points" USING btree ("room_id") WHERE "access_points"."deleted_at" is null;
--> statement-breakpoint
-- A booking has one live token.
CREATE UNIQUE INDEX "access_tokens_booking_key" ON "access_tokens" USING btree ("booking_id") WHERE "access_tokens"."revoked_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "access_credentials_key" ON "access_credentials" USING btree ("token_id","access_point_id");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "access_points_changes" AFTER INSERT OR UPDATE OR DELETE ON "access_points"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "access_tokens_changes" AFTER INSERT OR UPDATE OR DELETE ON "access_tokens"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "access_credentials_changes" AFTER INSERT OR UPDATE OR DELETE ON "access_credentials"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
