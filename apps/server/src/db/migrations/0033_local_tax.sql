-- The local tax as each town levies it (decision 191): a property's levies, each posted with a local_tax
-- item, and their effective-dated versions (no two of one levy overlap); per guest of a booking the
-- exemption reason staff picked, per booking whether it is a work stay; per night and levy what the
-- posting charged (persons, exempt guests, base), read by the levy report. Every key includes property_id.
CREATE TABLE "local_tax_levies" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "name" text NOT NULL,
  "item_id" uuid NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  CONSTRAINT "local_tax_levies_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "local_tax_levies_item_id_same_property_fk" FOREIGN KEY ("property_id", "item_id") REFERENCES "items"("property_id", "id"),
  CONSTRAINT "local_tax_levies_name_check" CHECK (btrim("name") <> '')
);
--> statement-breakpoint
CREATE INDEX "local_tax_levies_id_idx" ON "local_tax_levies" ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "local_tax_levies_name_key" ON "local_tax_levies" ("property_id", lower("name")) WHERE "deleted_at" is null;
--> statement-breakpoint
CREATE TABLE "local_tax_levy_versions" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "levy_id" uuid NOT NULL,
  "valid_from" date NOT NULL,
  "valid_until" date,
  "charge_kind" text NOT NULL,
  "amount" integer,
  "rate_basis_points" integer,
  "without_breakfast" boolean DEFAULT false NOT NULL,
  "deduction_basis_points" integer DEFAULT 0 NOT NULL,
  "age_below" integer,
  "age_at" text,
  "age_key_date" text,
  "work_stay" text DEFAULT 'never' NOT NULL,
  "work_stay_nights" integer,
  "night_cap" integer,
  "rounding" text DEFAULT 'per_night' NOT NULL,
  "exemption_reasons" text[] DEFAULT '{}' NOT NULL,
  CONSTRAINT "local_tax_levy_versions_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "local_tax_levy_versions_levy_id_same_property_fk" FOREIGN KEY ("property_id", "levy_id") REFERENCES "local_tax_levies"("property_id", "id") ON DELETE cascade,
  CONSTRAINT "local_tax_levy_versions_no_overlap" EXCLUDE USING gist ("property_id" WITH =, "levy_id" WITH =, daterange("valid_from", "valid_until", '[]') WITH &&),
  CONSTRAINT "local_tax_levy_versions_dates_check" CHECK ("valid_until" is null or "valid_until" >= "valid_from"),
  CONSTRAINT "local_tax_levy_versions_charge_check" CHECK (
    ("charge_kind" = 'per_person_night' and "amount" between 0 and 100000 and "rate_basis_points" is null)
    or ("charge_kind" = 'percent_of_net' and "rate_basis_points" between 0 and 10000 and "amount" is null)),
  CONSTRAINT "local_tax_levy_versions_deduction_check" CHECK ("deduction_basis_points" between 0 and 10000),
  CONSTRAINT "local_tax_levy_versions_age_check" CHECK (
    ("age_below" is null and "age_at" is null and "age_key_date" is null)
    or ("age_below" between 1 and 120 and (("age_at" = 'arrival' and "age_key_date" is null)
      or ("age_at" = 'key_date' and "age_key_date" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$')))),
  CONSTRAINT "local_tax_levy_versions_work_stay_check" CHECK (
    ("work_stay" in ('exempt', 'never') and "work_stay_nights" is null)
    or ("work_stay" = 'exempt_after' and "work_stay_nights" > 0)),
  CONSTRAINT "local_tax_levy_versions_night_cap_check" CHECK ("night_cap" is null or "night_cap" > 0),
  CONSTRAINT "local_tax_levy_versions_rounding_check" CHECK ("rounding" in ('per_night', 'per_stay'))
);
--> statement-breakpoint
CREATE INDEX "local_tax_levy_versions_id_idx" ON "local_tax_levy_versions" ("id");
--> statement-breakpoint
CREATE INDEX "local_tax_levy_versions_levy_idx" ON "local_tax_levy_versions" ("property_id", "levy_id", "valid_from");
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_work_stay" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "booking_guests" ADD COLUMN "local_tax_exemption_reason" text;
--> statement-breakpoint
ALTER TABLE "booking_guests" ADD COLUMN "local_tax_exemption_note" text;
--> statement-breakpoint
ALTER TABLE "booking_guests" ADD CONSTRAINT "booking_guests_local_tax_exemption_check"
  CHECK (("local_tax_exemption_reason" is null or btrim("local_tax_exemption_reason") <> '')
    and ("local_tax_exemption_note" is null or "local_tax_exemption_reason" is not null));
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "levy_id" uuid;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_levy_id_same_property_fk" FOREIGN KEY ("property_id", "levy_id") REFERENCES "local_tax_levies"("property_id", "id");
--> statement-breakpoint
CREATE INDEX "charges_levy_idx" ON "charges" ("property_id", "levy_id", "booked_on") WHERE "levy_id" is not null;
--> statement-breakpoint
CREATE TABLE "local_tax_nights" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "booking_id" uuid NOT NULL,
  "levy_id" uuid NOT NULL,
  "night" date NOT NULL,
  "persons" integer NOT NULL,
  "base_amount" integer NOT NULL,
  "amount" integer NOT NULL,
  "guests" jsonb NOT NULL,
  "exempt" jsonb NOT NULL,
  CONSTRAINT "local_tax_nights_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "local_tax_nights_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings"("property_id", "id") ON DELETE cascade,
  CONSTRAINT "local_tax_nights_levy_id_same_property_fk" FOREIGN KEY ("property_id", "levy_id") REFERENCES "local_tax_levies"("property_id", "id"),
  CONSTRAINT "local_tax_nights_amounts_check" CHECK ("persons" >= 0 and "base_amount" >= 0 and "amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX "local_tax_nights_id_idx" ON "local_tax_nights" ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "local_tax_nights_key" ON "local_tax_nights" ("property_id", "booking_id", "levy_id", "night");
--> statement-breakpoint
CREATE INDEX "local_tax_nights_night_idx" ON "local_tax_nights" ("property_id", "night");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "local_tax_levies_changes" AFTER INSERT OR UPDATE OR DELETE ON "local_tax_levies"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "local_tax_levy_versions_changes" AFTER INSERT OR UPDATE OR DELETE ON "local_tax_levy_versions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "local_tax_nights_changes" AFTER INSERT OR UPDATE OR DELETE ON "local_tax_nights"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
