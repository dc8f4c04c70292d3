-- Deliveries owed (docs/decisions/0109-delivery-outbox.md): one row per lead event and webhook, written in the
-- same transaction as the leads it announces. A worker claims due rows for a lease (FOR UPDATE SKIP LOCKED), sends,
-- then records the attempt and deletes or reschedules the row in one transaction; a worker killed mid-send leaves
-- its rows to be claimed again when the lease runs out.
CREATE TABLE outbox (
  id            bigserial PRIMARY KEY,
  lead_id       text NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  event         text NOT NULL CHECK (event IN ('lead.created', 'lead.deleted')),
  webhook_id    text NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  attempt       integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
  -- Claims not ended by a recorded attempt: above 1 at a claim, the previous worker stopped mid-delivery.
  claims        integer NOT NULL DEFAULT 0,
  due_at        timestamptz NOT NULL,
  claimed_until timestamptz
);
CREATE INDEX outbox_due_idx ON outbox (due_at, id);
CREATE UNIQUE INDEX outbox_event_uidx ON outbox (lead_id, event, webhook_id);

-- An attempt whose worker stopped (kill -9, a crash) before it recorded the answer: it may have reached the
-- receiver; the delivery is sent again.
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_outcome_check;
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_outcome_check CHECK (outcome IN
  ('delivered', 'http_error', 'redirect', 'timeout', 'network_error', 'blocked', 'dropped', 'interrupted'));
