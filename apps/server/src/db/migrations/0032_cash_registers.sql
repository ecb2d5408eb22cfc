-- Cash the law accepts: cash registers with their fiscal signing state, the receipts they signed
-- (append-only), the drawer's cash book (append-only; a closed day takes no movement), shifts and
-- day closes. Every key includes property_id (decision 184).
CREATE TABLE "cash_registers" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "name" text NOT NULL,
  "country" text NOT NULL,
  "adapter" text NOT NULL,
  "cash_box_id" text NOT NULL,
  "credentials" text,
  "is_training" boolean DEFAULT false NOT NULL,
  "device_failed_at" timestamp with time zone,
  "receipt_count" integer DEFAULT 0 NOT NULL,
  "turnover_cents" bigint DEFAULT 0 NOT NULL,
  "last_jws" text,
  "tse_transaction_count" integer DEFAULT 0 NOT NULL,
  "tse_signature_count" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "cash_registers_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "cash_registers_country_check" CHECK ("country" in ('AT', 'DE')),
  CONSTRAINT "cash_registers_adapter_check" CHECK ("adapter" in ('simulator', 'fiskaly')),
  CONSTRAINT "cash_registers_counts_check" CHECK ("receipt_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "cash_registers_id_idx" ON "cash_registers" ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_registers_name_key" ON "cash_registers" ("property_id", lower("name")) WHERE "deleted_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_registers_cash_box_key" ON "cash_registers" ("property_id", "cash_box_id");
--> statement-breakpoint
CREATE TABLE "cash_register_methods" (
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "cash_register_id" uuid NOT NULL,
  "payment_method_id" uuid NOT NULL,
  CONSTRAINT "cash_register_methods_pkey" PRIMARY KEY ("property_id", "cash_register_id", "payment_method_id"),
  CONSTRAINT "cash_register_methods_register_fk" FOREIGN KEY ("property_id", "cash_register_id") REFERENCES "cash_registers"("property_id", "id"),
  CONSTRAINT "cash_register_methods_method_fk" FOREIGN KEY ("property_id", "payment_method_id") REFERENCES "payment_methods"("property_id", "id")
);
--> statement-breakpoint
CREATE INDEX "cash_register_methods_method_idx" ON "cash_register_methods" ("property_id", "payment_method_id");
--> statement-breakpoint
CREATE TABLE "cash_shifts" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "cash_register_id" uuid NOT NULL,
  "opened_at" timestamp with time zone NOT NULL,
  "opened_by" uuid REFERENCES "users"("id"),
  "closed_at" timestamp with time zone,
  "closed_by" uuid REFERENCES "users"("id"),
  "expected_amount" integer,
  "counted_amount" integer,
  "difference_amount" integer,
  "note" text,
  "reviewed_at" timestamp with time zone,
  "reviewed_by" uuid REFERENCES "users"("id"),
  "review_note" text,
  CONSTRAINT "cash_shifts_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "cash_shifts_register_fk" FOREIGN KEY ("property_id", "cash_register_id") REFERENCES "cash_registers"("property_id", "id"),
  CONSTRAINT "cash_shifts_close_check" CHECK (("closed_at" is null) = ("counted_amount" is null) and ("counted_amount" is null) = ("difference_amount" is null))
);
--> statement-breakpoint
CREATE INDEX "cash_shifts_id_idx" ON "cash_shifts" ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_shifts_open_key" ON "cash_shifts" ("property_id", "cash_register_id") WHERE "closed_at" is null;
--> statement-breakpoint
CREATE INDEX "cash_shifts_register_idx" ON "cash_shifts" ("property_id", "cash_register_id", "opened_at");
--> statement-breakpoint
CREATE TABLE "fiscal_receipts" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "cash_register_id" uuid NOT NULL,
  "number" integer NOT NULL,
  "kind" text NOT NULL,
  "purpose" text,
  "closing_period" text,
  "issued_at" timestamp with time zone NOT NULL,
  "business_date" date NOT NULL,
  "total_amount" integer NOT NULL,
  "taxes" jsonb NOT NULL,
  "lines" jsonb NOT NULL,
  "payment_method_name" text,
  "payment_id" uuid,
  "folio_id" uuid,
  "invoice_id" uuid,
  "compact_jws" text,
  "machine_code" text,
  "device_failed" boolean DEFAULT false NOT NULL,
  "tse" jsonb,
  "is_simulated" boolean NOT NULL,
  "created_by" uuid REFERENCES "users"("id"),
  "printed_at" timestamp with time zone,
  CONSTRAINT "fiscal_receipts_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "fiscal_receipts_register_fk" FOREIGN KEY ("property_id", "cash_register_id") REFERENCES "cash_registers"("property_id", "id"),
  CONSTRAINT "fiscal_receipts_payment_fk" FOREIGN KEY ("property_id", "payment_id") REFERENCES "payments"("property_id", "id"),
  CONSTRAINT "fiscal_receipts_folio_fk" FOREIGN KEY ("property_id", "folio_id") REFERENCES "folios"("property_id", "id"),
  CONSTRAINT "fiscal_receipts_invoice_fk" FOREIGN KEY ("property_id", "invoice_id") REFERENCES "invoices"("property_id", "id"),
  CONSTRAINT "fiscal_receipts_number_check" CHECK ("number" > 0),
  CONSTRAINT "fiscal_receipts_kind_check" CHECK ("kind" in ('start', 'standard', 'storno', 'training', 'null', 'invoice')),
  CONSTRAINT "fiscal_receipts_purpose_check" CHECK ("purpose" is null or ("kind" = 'null' and "purpose" in ('month', 'year', 'collective')))
);
--> statement-breakpoint
CREATE INDEX "fiscal_receipts_id_idx" ON "fiscal_receipts" ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_number_key" ON "fiscal_receipts" ("property_id", "cash_register_id", "number");
--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_closing_key" ON "fiscal_receipts" ("property_id", "cash_register_id", "closing_period") WHERE "closing_period" is not null;
--> statement-breakpoint
CREATE INDEX "fiscal_receipts_business_date_idx" ON "fiscal_receipts" ("property_id", "cash_register_id", "business_date");
--> statement-breakpoint
CREATE INDEX "fiscal_receipts_payment_idx" ON "fiscal_receipts" ("property_id", "payment_id");
--> statement-breakpoint
CREATE INDEX "fiscal_receipts_invoice_idx" ON "fiscal_receipts" ("property_id", "invoice_id");
--> statement-breakpoint
CREATE TABLE "cash_movements" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "cash_register_id" uuid NOT NULL,
  "shift_id" uuid,
  "business_date" date NOT NULL,
  "kind" text NOT NULL,
  "amount" integer NOT NULL,
  "reason" text,
  "receipt_id" uuid,
  "payment_id" uuid,
  "created_by" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "cash_movements_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "cash_movements_register_fk" FOREIGN KEY ("property_id", "cash_register_id") REFERENCES "cash_registers"("property_id", "id"),
  CONSTRAINT "cash_movements_shift_fk" FOREIGN KEY ("property_id", "shift_id") REFERENCES "cash_shifts"("property_id", "id"),
  CONSTRAINT "cash_movements_receipt_fk" FOREIGN KEY ("property_id", "receipt_id") REFERENCES "fiscal_receipts"("property_id", "id"),
  CONSTRAINT "cash_movements_payment_fk" FOREIGN KEY ("property_id", "payment_id") REFERENCES "payments"("property_id", "id"),
  CONSTRAINT "cash_movements_kind_check" CHECK ("kind" in ('payment', 'refund', 'deposit', 'withdrawal', 'difference')),
  CONSTRAINT "cash_movements_sign_check" CHECK (case "kind" when 'payment' then "amount" > 0 when 'deposit' then "amount" > 0
        when 'refund' then "amount" < 0 when 'withdrawal' then "amount" < 0 else "amount" <> 0 end),
  CONSTRAINT "cash_movements_reason_check" CHECK ("kind" not in ('deposit', 'withdrawal') or "reason" is not null)
);
--> statement-breakpoint
CREATE INDEX "cash_movements_id_idx" ON "cash_movements" ("id");
--> statement-breakpoint
CREATE INDEX "cash_movements_register_idx" ON "cash_movements" ("property_id", "cash_register_id", "business_date");
--> statement-breakpoint
CREATE TABLE "cash_day_closes" (
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "property_id" uuid NOT NULL REFERENCES "properties"("id"),
  "cash_register_id" uuid NOT NULL,
  "number" integer NOT NULL,
  "business_date" date NOT NULL,
  "closed_at" timestamp with time zone NOT NULL,
  "closed_by" uuid REFERENCES "users"("id"),
  "first_receipt_number" integer,
  "last_receipt_number" integer,
  "revenue_amount" integer NOT NULL,
  "difference_amount" integer NOT NULL,
  CONSTRAINT "cash_day_closes_pkey" PRIMARY KEY ("property_id", "id"),
  CONSTRAINT "cash_day_closes_register_fk" FOREIGN KEY ("property_id", "cash_register_id") REFERENCES "cash_registers"("property_id", "id")
);
--> statement-breakpoint
CREATE INDEX "cash_day_closes_id_idx" ON "cash_day_closes" ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_day_closes_date_key" ON "cash_day_closes" ("property_id", "cash_register_id", "business_date");
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_day_closes_number_key" ON "cash_day_closes" ("property_id", "cash_register_id", "number");
--> statement-breakpoint
-- Receipts and cash movements are records a tax audit reads: never changed or deleted. A receipt's first
-- print is the one thing noted on it afterwards (later prints are copies).
CREATE OR REPLACE FUNCTION fiscal_receipts_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.printed_at IS NULL
     AND (to_jsonb(NEW) - 'printed_at') = (to_jsonb(OLD) - 'printed_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a signed receipt cannot be changed or deleted'
    USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'fiscal_receipts_append_only';
END $$;
--> statement-breakpoint
CREATE TRIGGER "fiscal_receipts_append_only" BEFORE UPDATE OR DELETE ON "fiscal_receipts"
  FOR EACH ROW EXECUTE FUNCTION fiscal_receipts_append_only();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cash_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM "cash_day_closes" d WHERE d.property_id = NEW.property_id
               AND d.cash_register_id = NEW.cash_register_id AND d.business_date >= NEW.business_date) THEN
      RAISE EXCEPTION 'the business day % of this register is closed', NEW.business_date
        USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'cash_movements_day_closed';
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a cash movement cannot be changed or deleted: book a correction'
    USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'cash_movements_day_closed';
END $$;
--> statement-breakpoint
CREATE TRIGGER "cash_movements_append_only" BEFORE INSERT OR UPDATE OR DELETE ON "cash_movements"
  FOR EACH ROW EXECUTE FUNCTION cash_movements_append_only();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cash_registers_changes" AFTER INSERT OR UPDATE OR DELETE ON "cash_registers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cash_register_methods_changes" AFTER INSERT OR UPDATE OR DELETE ON "cash_register_methods"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cash_shifts_changes" AFTER INSERT OR UPDATE OR DELETE ON "cash_shifts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "fiscal_receipts_changes" AFTER INSERT OR UPDATE OR DELETE ON "fiscal_receipts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cash_movements_changes" AFTER INSERT OR UPDATE OR DELETE ON "cash_movements"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cash_day_closes_changes" AFTER INSERT OR UPDATE OR DELETE ON "cash_day_closes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
-- A signed receipt can be e-mailed to the guest.
ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_kind_check";
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_kind_check" CHECK ("kind" in ('link', 'confirmation', 'invoice', 'team_invitation', 'reminder', 'dunning', 'receipt'));
