-- Entrances are named by staff in base data: two live entrances of a property never share a name (in
-- any case), so the guest's list of doors is unambiguous. Room doors are named by their room's number.
CREATE UNIQUE INDEX "access_points_entrance_name_key" ON "access_points" USING btree ("property_id",lower("name")) WHERE "access_points"."room_id" is null and "access_points"."deleted_at" is null;
