-- Every correction of a folio names its reason: an allowance (a void, a partial correction, the
-- reversal of a changed charge) and the new charge of a change keep it; an ordinary charge has none.
ALTER TABLE "charges" ADD COLUMN "reason" text;
--> statement-breakpoint
-- Allowances posted before reasons were asked for: a move says so, any other one is a correction.
UPDATE "charges" SET "reason" = CASE
  WHEN "transfer_charge_id" IS NOT NULL THEN 'Auf ein anderes Folio umgebucht'
  ELSE 'Korrektur'
END
WHERE "kind" = 'allowance' AND "reason" IS NULL;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_allowance_reason_check" CHECK (("charges"."reason" is null or btrim("charges"."reason") <> '') and ("charges"."kind" <> 'allowance' or "charges"."reason" is not null));
