-- Upstream calls made for an account but no project (check_ai_visibility without projectId): they cost money and
-- count in the account's usage (docs/decisions/0072-ai-visibility.md). Set only when project_id is null at insert, so
-- the calls of a deleted project (project_id set null) stay uncounted as before.
ALTER TABLE upstream_calls ADD COLUMN user_id text REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX upstream_calls_account_day_idx ON upstream_calls (user_id, called_at) WHERE user_id IS NOT NULL;
