-- A scan started at once by a project's creation, import or new keywords or subreddits (docs/decisions/0119).
ALTER TABLE scans DROP CONSTRAINT scans_trigger_check;
ALTER TABLE scans ADD CONSTRAINT scans_trigger_check
  CHECK (trigger IN ('schedule', 'tool', 'dashboard', 'demo', 'first'));
-- Such a scan matches every listing again over the last 7 days; the listings it has done, so that a resumed
-- scan (after a crash or a drain) does not read them twice.
ALTER TABLE scans ADD COLUMN listings_done text[] NOT NULL DEFAULT '{}';
