-- Channel sync: the booking platforms a property sells its rooms on, each room's import and export
-- feed per platform, and what each imported event became (a booking or a room lock), keyed by
-- (feed, UID) so a feed read again changes what it made and never makes it twice.
CREATE TABLE "channels" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "name" text NOT NULL,
  "color" text NOT NULL,
  "blocked_summaries" text[] NOT NULL,
  "dtend_is_check_out" boolean DEFAULT true NOT NULL,
  "conflict_mode" text DEFAULT 'mark' NOT NULL,
  "is_zero_priced" boolean DEFAULT false NOT NULL,
  CONSTRAINT "channels_conflict_mode_check" CHECK ("conflict_mode" in ('mark', 'skip'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channels_name_key" ON "channels" ("property_id", lower("name")) WHERE "deleted_at" is null;
--> statement-breakpoint
CREATE TABLE "channel_feeds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "channel_id" uuid NOT NULL REFERENCES "channels"("id"),
  "room_id" uuid NOT NULL REFERENCES "rooms"("id"),
  "import_url" text,
  "export_token" text,
  "etag" text,
  "last_modified" text,
  "last_fetched_at" timestamp with time zone,
  "last_success_at" timestamp with time zone,
  "last_error" text,
  "failures" integer DEFAULT 0 NOT NULL,
  "next_fetch_at" timestamp with time zone,
  CONSTRAINT "channel_feeds_failures_check" CHECK ("failures" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_feeds_room_key" ON "channel_feeds" ("channel_id", "room_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_feeds_export_token_key" ON "channel_feeds" ("export_token");
--> statement-breakpoint
CREATE INDEX "channel_feeds_next_fetch_idx" ON "channel_feeds" ("next_fetch_at") WHERE "import_url" is not null and "deleted_at" is null;
--> statement-breakpoint
CREATE TABLE "channel_stays" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "feed_id" uuid NOT NULL REFERENCES "channel_feeds"("id"),
  "uid" text NOT NULL,
  "booking_id" uuid REFERENCES "bookings"("id"),
  "room_lock_id" uuid REFERENCES "room_locks"("id"),
  "check_in" date NOT NULL,
  "check_out" date NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "channel_stays_target_check" CHECK (("booking_id" is null) <> ("room_lock_id" is null)),
  CONSTRAINT "channel_stays_dates_check" CHECK ("check_out" > "check_in")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_stays_uid_key" ON "channel_stays" ("feed_id", "uid");
--> statement-breakpoint
CREATE INDEX "channel_stays_booking_idx" ON "channel_stays" ("booking_id");
--> statement-breakpoint
CREATE INDEX "channel_stays_room_lock_idx" ON "channel_stays" ("room_lock_id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel_id" uuid REFERENCES "channels"("id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_channel_conflict" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "bookings_channel_idx" ON "bookings" ("channel_id") WHERE "channel_id" is not null;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "channel_sync_minutes" integer DEFAULT 15 NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_channel_sync_minutes_check" CHECK ("channel_sync_minutes" between 5 and 1440);
--> statement-breakpoint
-- Channels, their feeds and what they imported are the property's data: a change counts up its data
-- version, so every instance's answer cache lets go of what it kept.
CREATE CONSTRAINT TRIGGER "channels_changes" AFTER INSERT OR UPDATE OR DELETE ON "channels"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "channel_feeds_changes" AFTER INSERT OR UPDATE OR DELETE ON "channel_feeds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "channel_stays_changes" AFTER INSERT OR UPDATE OR DELETE ON "channel_stays"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
