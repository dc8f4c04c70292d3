-- Items a scan matched per keyword of its project (the keyword as the project spells it -> count), counted whether
-- or not the match scored as a lead; a keyword the scan matched against that found nothing is there at 0
-- (docs/decisions/0099-keyword-performance.md).
ALTER TABLE scans ADD COLUMN keyword_matches jsonb NOT NULL DEFAULT '{}'::jsonb;
