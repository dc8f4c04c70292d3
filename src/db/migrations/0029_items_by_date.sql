-- The onboarding preview reads the stored posts and comments of the last days (data already bought): newest first
-- by creation time, without reading the whole table (docs/decisions/0118-onboarding-suggestion.md).
CREATE INDEX upstream_items_created_idx ON upstream_items (created_at DESC) WHERE deleted_at IS NULL;
