-- The rate's charges of a stay name their booking wherever they are moved (a split folio, the group
-- folio, another group booking's folio), so repricing finds a moved night and does not charge it again.
ALTER TABLE "charges" ADD COLUMN "booking_id" uuid;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id");
--> statement-breakpoint
CREATE INDEX "charges_booking_idx" ON "charges" USING btree ("booking_id");
--> statement-breakpoint
-- Rate charges posted so far: those on a booking's folio, then along their moves to the copies.
WITH RECURSIVE "stay" ("charge_id", "booking_id") AS (
  SELECT "charges"."id", "folios"."booking_id"
  FROM "charges" JOIN "folios" ON "folios"."id" = "charges"."folio_id"
  WHERE "charges"."is_default" AND "charges"."kind" = 'charge' AND "charges"."transfer_charge_id" IS NULL
    AND "folios"."booking_id" IS NOT NULL
  UNION
  SELECT "copy"."id", "stay"."booking_id"
  FROM "stay"
  JOIN "charges" "moved" ON "moved"."corrects_charge_id" = "stay"."charge_id" AND "moved"."transfer_charge_id" IS NOT NULL
  JOIN "charges" "copy" ON "copy"."id" = "moved"."transfer_charge_id"
)
UPDATE "charges" SET "booking_id" = "stay"."booking_id" FROM "stay" WHERE "charges"."id" = "stay"."charge_id";
--> statement-breakpoint
UPDATE "charges" SET "booking_id" = "corrected"."booking_id"
FROM "charges" "corrected"
WHERE "charges"."corrects_charge_id" = "corrected"."id" AND "corrected"."booking_id" IS NOT NULL;
