-- API keys were listed by the first eight characters of their secret, a secret the caller chose
-- included: such a key (its prefix is not a generated secret's `pms_`) gets a random prefix of its own.
UPDATE "api_keys" SET "prefix" = 'pms_' || substr(md5(random()::text || "id"::text), 1, 4)
WHERE left("prefix", 4) <> 'pms_';
