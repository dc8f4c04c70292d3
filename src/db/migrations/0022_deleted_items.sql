-- Content deleted by its author or removed on Reddit is forgotten (docs/decisions/0103-deleted-items.md): its stored
-- item and every lead on it keep their ids, links, scores and dates, lose their text, and carry when that was
-- learned. checked_at: when the deletion re-check last asked the provider about the item.
ALTER TABLE upstream_items
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN checked_at timestamptz;
ALTER TABLE leads ADD COLUMN deleted_at timestamptz;
-- The re-check's question: the items behind recent leads still shown.
CREATE INDEX leads_recheck_idx ON leads (posted_at) WHERE deleted_at IS NULL;
-- The leads of a deleted post or comment, in every project (leads_item_uidx starts with the project).
CREATE INDEX leads_post_idx ON leads (post_id) WHERE comment_id IS NULL;
CREATE INDEX leads_comment_idx ON leads (comment_id) WHERE comment_id IS NOT NULL;
