-- A scan started at once by a project's creation, import or new keywords or subreddits (docs/decisions/0119).
ALTER TABLE scans DROP CONSTRAINT scans_trigger_check;
ALTER TABLE scans ADD CONSTRAINT scans_trigger_check
  CHECK (trigger IN ('schedule', 'tool', 'dashboard', 'demo', 'first'));
