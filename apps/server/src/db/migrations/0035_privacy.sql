-- A guest's rights over their data (GDPR Art. 15, 17): exports of a person's data as a ZIP made in the
-- background, and erasures. An erasure's row is its tombstone: ids only, no personal data; the same
-- tombstone is kept in the file store, so that a database restored from before it is erased again.
CREATE TABLE "personal_data_exports" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "contact_id" uuid NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "progress" integer DEFAULT 0 NOT NULL,
  "storage_key" text,
  "size" integer,
  "entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "requested_by" uuid REFERENCES "users"("id"),
  "expires_at" timestamp with time zone,
  CONSTRAINT "personal_data_exports_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "personal_data_exports_contact_id_same_property_fk" FOREIGN KEY ("property_id", "contact_id") REFERENCES "contacts"("property_id", "id"),
  CONSTRAINT "personal_data_exports_status_check" CHECK ("status" in ('pending', 'running', 'done', 'failed', 'expired')),
  CONSTRAINT "personal_data_exports_progress_check" CHECK ("progress" between 0 and 100),
  CONSTRAINT "personal_data_exports_done_check" CHECK ("status" <> 'done' or ("storage_key" is not null and "expires_at" is not null))
);
--> statement-breakpoint
CREATE INDEX "personal_data_exports_id_idx" ON "personal_data_exports" ("id");
--> statement-breakpoint
CREATE INDEX "personal_data_exports_contact_idx" ON "personal_data_exports" ("contact_id", "created_at");
--> statement-breakpoint
CREATE INDEX "personal_data_exports_expiry_idx" ON "personal_data_exports" ("expires_at") WHERE "status" = 'done';
--> statement-breakpoint
CREATE TABLE "erasures" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "contact_id" uuid NOT NULL,
  "erased_at" timestamp with time zone NOT NULL,
  "erased_by" uuid REFERENCES "users"("id"),
  "kept" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "deleted_files" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "erasures_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "erasures_contact_id_same_property_fk" FOREIGN KEY ("property_id", "contact_id") REFERENCES "contacts"("property_id", "id")
);
--> statement-breakpoint
CREATE INDEX "erasures_id_idx" ON "erasures" ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "erasures_contact_key" ON "erasures" ("contact_id", "property_id");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "personal_data_exports_changes" AFTER INSERT OR UPDATE OR DELETE ON "personal_data_exports"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "erasures_changes" AFTER INSERT OR UPDATE OR DELETE ON "erasures"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
-- An erased contact stays anonymous: no personal data and no document can come back to it (a returning
-- guest is a new contact). The erasure itself clears the contact before its tombstone row is written.
CREATE FUNCTION keep_erased_contact_anonymous() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'contact_files' THEN
    IF EXISTS (SELECT 1 FROM "erasures" WHERE "contact_id" = NEW."contact_id" AND "property_id" = NEW."property_id") THEN
      RAISE EXCEPTION 'contact % was erased', NEW."contact_id"
        USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'contacts_erased';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM "erasures" WHERE "contact_id" = NEW."id" AND "property_id" = NEW."property_id")
    AND (NEW."name" <> 'Anonymisiert' OR NEW."email" IS NOT NULL OR NEW."invoice_email" IS NOT NULL
      OR NEW."phone" IS NOT NULL OR NEW."website" IS NOT NULL OR NEW."date_of_birth" IS NOT NULL
      OR NEW."nationality" IS NOT NULL OR NEW."document_type" IS NOT NULL OR NEW."document_number" IS NOT NULL
      OR NEW."document_issue_date" IS NOT NULL OR NEW."document_issuing_authority" IS NOT NULL
      OR (NEW."address" - 'country') <> '{}'::jsonb OR NEW."company" <> '{}'::jsonb)
  THEN
    RAISE EXCEPTION 'contact % was erased', NEW."id"
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'contacts_erased';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_keep_erased" BEFORE UPDATE ON "contacts"
  FOR EACH ROW EXECUTE FUNCTION keep_erased_contact_anonymous();
--> statement-breakpoint
CREATE TRIGGER "contact_files_keep_erased" BEFORE INSERT OR UPDATE ON "contact_files"
  FOR EACH ROW EXECUTE FUNCTION keep_erased_contact_anonymous();
