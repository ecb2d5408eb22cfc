-- Placeholder, replaced by its change.
SELECT 1;
