-- A deleted project's upstream calls were paid and stay in its account's usage: on deletion each call keeps the
-- account (user_id, as for calls of no project) and the project's name (docs/decisions/0101-deleted-project-usage.md).
ALTER TABLE upstream_calls ADD COLUMN project_name text;
