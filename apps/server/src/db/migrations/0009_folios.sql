-- Folios hold append-only entries: a charge is corrected by an allowance (a negative entry naming it),
-- a moved charge leaves an allowance on the source and a new charge on the target that name each
-- other, and each entry keeps the tax rate's code and account as they were when it was posted.
ALTER TABLE "folios" ADD COLUMN "name" text;
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "kind" text DEFAULT 'charge' NOT NULL;
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "tax_code" text;
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "account_number" text;
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "is_transitory" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "corrects_charge_id" uuid;
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "transfer_charge_id" uuid;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_property_id_id_unique" UNIQUE ("property_id", "id");
--> statement-breakpoint
-- The rate's charges are replaced when a booking changes while its folio is open: their corrections go with them.
ALTER TABLE "charges" ADD CONSTRAINT "charges_corrects_charge_id_same_property_fk" FOREIGN KEY ("property_id", "corrects_charge_id") REFERENCES "charges" ("property_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_transfer_charge_id_same_property_fk" FOREIGN KEY ("property_id", "transfer_charge_id") REFERENCES "charges" ("property_id", "id") ON DELETE SET NULL ("transfer_charge_id");
--> statement-breakpoint
CREATE INDEX "charges_corrects_idx" ON "charges" USING btree ("corrects_charge_id");
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_kind_check" CHECK (("charges"."kind" = 'charge' and "charges"."corrects_charge_id" is null and "charges"."gross_amount" >= 0) or ("charges"."kind" = 'allowance' and "charges"."corrects_charge_id" is not null and "charges"."gross_amount" <= 0));
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" <> 0);
--> statement-breakpoint
-- Tax rates change by law on a date: rates of one kind (food, say) carry their validity, and a charge
-- takes the rate of its item's kind that is valid on its service date.
ALTER TABLE "tax_rates" ADD COLUMN "kind" text;
--> statement-breakpoint
ALTER TABLE "tax_rates" ADD COLUMN "valid_from" date;
--> statement-breakpoint
ALTER TABLE "tax_rates" ADD COLUMN "valid_until" date;
--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_validity_check" CHECK ("tax_rates"."valid_until" is null or "tax_rates"."valid_from" is null or "tax_rates"."valid_until" >= "tax_rates"."valid_from");
