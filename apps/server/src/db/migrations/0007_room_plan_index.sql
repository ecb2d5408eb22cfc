CREATE INDEX "bookings_stay_range_idx" ON "bookings" USING gist ("property_id",daterange("check_in", "check_out")) WHERE "bookings"."deleted_at" is null;
