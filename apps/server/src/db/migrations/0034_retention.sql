-- Retention as data: each property's rules (seeded from its country's law, editable by admins with the
-- legal reference kept), the daily runs that apply them, and their log (ids only, no personal data).
-- A document read from an ID picture records when its data was confirmed (decision 194).
CREATE TABLE "retention_rules" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "country" text NOT NULL,
  "record" text NOT NULL,
  "start" text NOT NULL,
  "years" integer DEFAULT 0 NOT NULL,
  "months" integer DEFAULT 0 NOT NULL,
  "days" integer DEFAULT 0 NOT NULL,
  "grace_months" integer DEFAULT 0 NOT NULL,
  "reference" text NOT NULL,
  CONSTRAINT "retention_rules_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "retention_rules_record_check" CHECK ("record" in ('registration_form', 'id_picture', 'accounting_record', 'guest_profile')),
  CONSTRAINT "retention_rules_start_check" CHECK ("start" in ('entry', 'arrival', 'end_of_year', 'last_stay', 'confirmation_or_check_out')),
  CONSTRAINT "retention_rules_period_check" CHECK ("years" between 0 and 100 and "months" between 0 and 1200 and "days" between 0 and 36500 and "grace_months" between 0 and 1200),
  CONSTRAINT "retention_rules_reference_check" CHECK (btrim("reference") <> '')
);
--> statement-breakpoint
CREATE INDEX "retention_rules_id_idx" ON "retention_rules" ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "retention_rules_record_key" ON "retention_rules" ("property_id", "record");
--> statement-breakpoint
CREATE TABLE "retention_runs" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "run_on" date NOT NULL,
  "started_at" timestamp with time zone NOT NULL,
  "finished_at" timestamp with time zone,
  CONSTRAINT "retention_runs_pkey" PRIMARY KEY ("property_id", "id")
);
--> statement-breakpoint
CREATE INDEX "retention_runs_id_idx" ON "retention_runs" ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "retention_runs_day_key" ON "retention_runs" ("property_id", "run_on");
--> statement-breakpoint
CREATE TABLE "retention_log" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "run_id" uuid NOT NULL,
  "rule_id" uuid NOT NULL,
  "record" text NOT NULL,
  "object_type" text NOT NULL,
  "object_id" uuid NOT NULL,
  "action" text NOT NULL,
  "file_count" integer DEFAULT 0 NOT NULL,
  "ran_at" timestamp with time zone NOT NULL,
  CONSTRAINT "retention_log_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "retention_log_run_fk" FOREIGN KEY ("property_id", "run_id") REFERENCES "retention_runs"("property_id", "id"),
  CONSTRAINT "retention_log_rule_fk" FOREIGN KEY ("property_id", "rule_id") REFERENCES "retention_rules"("property_id", "id"),
  CONSTRAINT "retention_log_object_type_check" CHECK ("object_type" in ('booking', 'file', 'contact', 'invoice')),
  CONSTRAINT "retention_log_action_check" CHECK ("action" in ('deleted', 'anonymised', 'kept')),
  CONSTRAINT "retention_log_file_count_check" CHECK ("file_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "retention_log_id_idx" ON "retention_log" ("id");
--> statement-breakpoint
CREATE INDEX "retention_log_ran_at_idx" ON "retention_log" ("property_id", "ran_at", "id");
--> statement-breakpoint
CREATE INDEX "retention_log_run_idx" ON "retention_log" ("property_id", "run_id");
--> statement-breakpoint
CREATE INDEX "retention_log_rule_idx" ON "retention_log" ("property_id", "rule_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "retention_log_once_key" ON "retention_log" ("property_id", "object_type", "object_id", "action") WHERE "action" in ('kept', 'anonymised');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "retention_rules_changes" AFTER INSERT OR UPDATE OR DELETE ON "retention_rules"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "retention_runs_changes" AFTER INSERT OR UPDATE OR DELETE ON "retention_runs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "retention_log_changes" AFTER INSERT OR UPDATE OR DELETE ON "retention_log"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
ALTER TABLE "contact_files" ADD COLUMN "confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contact_files" ADD COLUMN "confirmed_by" uuid REFERENCES "users"("id");
--> statement-breakpoint
-- The rules of lib/retention.ts defaultRetentionRules for each existing property of Austria or Germany
-- (the address keeps the country in lower case); a property of another country starts without rules:
-- nothing of it is deleted until an admin adds them.
INSERT INTO "retention_rules" ("property_id", "country", "record", "start", "years", "months", "days", "grace_months", "reference")
SELECT p."id", r."country", r."record", r."start", r."years", r."months", r."days", r."grace_months", r."reference"
FROM "properties" p
JOIN (VALUES
  ('AT', 'registration_form', 'entry', 7, 0, 0, 0, 'MeldeG § 10 (2), MeldeV § 19 (4)'),
  ('DE', 'registration_form', 'arrival', 1, 0, 0, 3, 'BMG § 30 (4)'),
  ('AT', 'id_picture', 'confirmation_or_check_out', 0, 0, 7, 0, 'DSGVO Art. 5 (1) c, e'),
  ('DE', 'id_picture', 'confirmation_or_check_out', 0, 0, 7, 0, 'DSGVO Art. 5 (1) c, e; PAuswG § 20 (2)'),
  ('AT', 'accounting_record', 'end_of_year', 7, 0, 0, 0, 'BAO § 132 (1)'),
  ('DE', 'accounting_record', 'end_of_year', 10, 0, 0, 0, 'AO § 147 (1), (3); HGB § 257'),
  ('AT', 'guest_profile', 'last_stay', 3, 0, 0, 0, 'DSGVO Art. 5 (1) e, Art. 17'),
  ('DE', 'guest_profile', 'last_stay', 3, 0, 0, 0, 'DSGVO Art. 5 (1) e, Art. 17')
) AS r ("country", "record", "start", "years", "months", "days", "grace_months", "reference")
  ON r."country" = upper(p."address"->>'country');
