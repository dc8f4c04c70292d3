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
  due_at        timestamptz NOT NULL,
  claimed_until timestamptz
);
CREATE INDEX outbox_due_idx ON outbox (due_at, id);
CREATE UNIQUE INDEX outbox_event_uidx ON outbox (lead_id, event, webhook_id);
