-- Each project's count of untriaged leads in the default window (Project.newLeads), read on every project list:
-- with this partial index the count is an index-only scan, instead of a visit to every new lead's row to read
-- its posted_at (a sixth of the database's CPU for a REST read mix; docs/reliability.md, "Load").
CREATE INDEX leads_new_posted_idx ON leads (project_id, posted_at) WHERE status = 'new';
