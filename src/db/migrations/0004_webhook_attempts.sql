-- Webhooks are deleted softly, so their delivery history stays readable; rotation re-adds the same URL,
-- so the URL is unique among the project's active webhooks only.
ALTER TABLE webhooks ADD COLUMN deleted_at timestamptz;
ALTER TABLE webhooks DROP CONSTRAINT webhooks_project_id_url_key;
CREATE UNIQUE INDEX webhooks_active_url_uidx ON webhooks (project_id, url) WHERE deleted_at IS NULL;

-- One row per delivery attempt, sent or not (queue full, blocked address, shutdown).
-- lead_id has no foreign key: attempts are written in batches and must not fail with the lead.
CREATE TABLE webhook_attempts (
  id            text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  webhook_id    text NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  lead_id       text NOT NULL,
  event_id      text NOT NULL,
  attempt       integer NOT NULL CHECK (attempt >= 1),
  redelivery    boolean NOT NULL DEFAULT false,
  attempted_at  timestamptz NOT NULL,
  outcome       text NOT NULL CHECK (outcome IN
                  ('delivered', 'http_error', 'redirect', 'timeout', 'network_error', 'blocked', 'dropped')),
  status_code   integer,
  error         text,
  latency_ms    integer
);
CREATE INDEX webhook_attempts_webhook_idx ON webhook_attempts (webhook_id, attempted_at DESC, id);
