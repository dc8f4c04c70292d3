-- Marks the dashboard keeps on a lead beside its contract status (docs/decisions/0097-editable-replies.md,
-- 0098-replied-marker.md): the person's edit of the drafted reply (the draft kept to restore it), when they
-- replied, and the threshold that hid a lead scored before it was raised. A replied or below-threshold lead is
-- hidden, and neither teaches triage (src/scans/scans.repo.ts rejectedLeads); any other move clears both marks.
ALTER TABLE leads
  ADD COLUMN reply_original text,
  ADD COLUMN reply_edited_at timestamptz,
  ADD COLUMN replied_at timestamptz,
  ADD COLUMN below_threshold integer CHECK (below_threshold BETWEEN 0 AND 100),
  ADD CONSTRAINT leads_marks_hidden CHECK (status = 'hidden' OR (replied_at IS NULL AND below_threshold IS NULL));
