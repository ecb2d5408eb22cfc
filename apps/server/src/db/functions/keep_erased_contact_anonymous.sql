-- Last defined by migration 0035_privacy.sql.
CREATE OR REPLACE FUNCTION keep_erased_contact_anonymous() RETURNS trigger LANGUAGE plpgsql AS $$
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
