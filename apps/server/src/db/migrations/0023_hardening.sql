-- API keys were listed by the first eight characters of their secret, a secret the caller chose
-- included: such a key (its prefix is not a generated secret's `pms_`) gets a random prefix of its own.
UPDATE "api_keys" SET "prefix" = 'pms_' || substr(md5(random()::text || "id"::text), 1, 4)
WHERE left("prefix", 4) <> 'pms_';
--> statement-breakpoint
-- The portal links the property's info page: a stored address that is not a web address (javascript:,
-- data:) is no longer taken, and none stays behind.
UPDATE "general_settings" SET "property_info_url" = NULL
WHERE "property_info_url" IS NOT NULL AND "property_info_url" !~* '^https?:';
