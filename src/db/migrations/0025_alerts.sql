-- Alerts (docs/decisions/0114-alerts.md): e-mail addresses, Slack and Discord incoming webhooks per project, each with
-- a cadence and a minimum score. A scan writes the leads each destination is owed to alert_outbox in the same
-- transaction as the leads (as for webhooks, ADR 0109); instant rows are due at once, digest rows at the
-- destination's next digest time. Every message tried is logged in alert_deliveries.
CREATE TABLE alert_destinations (
  id            text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  project_id    text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  channel       text NOT NULL CHECK (channel IN ('email', 'slack', 'discord')),
  target        text NOT NULL,
  cadence       text NOT NULL CHECK (cadence IN ('instant', 'hourly', 'daily')),
  daily_hour    integer NOT NULL DEFAULT 8 CHECK (daily_hour BETWEEN 0 AND 23),
  time_zone     text NOT NULL DEFAULT 'UTC',
  min_score     integer CHECK (min_score BETWEEN 0 AND 100),
  -- An e-mail address other than the account's own gets nothing until its owner opens the confirmation link.
  confirmed_at  timestamptz,
  confirm_sent_at timestamptz,
  paused_at     timestamptz,
  -- Digests: when the next one is due (the service's clock), its attempt number, and a worker's lease on it.
  next_digest_at timestamptz,
  digest_attempt integer NOT NULL DEFAULT 1,
  claimed_until  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, channel, target)
);

CREATE TABLE alert_outbox (
  id             bigserial PRIMARY KEY,
  destination_id text NOT NULL REFERENCES alert_destinations(id) ON DELETE CASCADE,
  lead_id        text NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  due_at         timestamptz NOT NULL,
  attempt        integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
  claimed_until  timestamptz,
  UNIQUE (destination_id, lead_id)
);
CREATE INDEX alert_outbox_due_idx ON alert_outbox (due_at, destination_id);

CREATE TABLE alert_deliveries (
  id             text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  destination_id text NOT NULL REFERENCES alert_destinations(id) ON DELETE CASCADE,
  attempted_at   timestamptz NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('instant', 'digest', 'test', 'confirmation')),
  lead_ids       text[] NOT NULL DEFAULT '{}',
  attempt        integer NOT NULL DEFAULT 1,
  outcome        text NOT NULL CHECK (outcome IN ('sent', 'retrying', 'failed')),
  status_code    integer,
  error          text
);
CREATE INDEX alert_deliveries_destination_idx ON alert_deliveries (destination_id, attempted_at DESC);

-- Links in alert e-mails that act without sign-in: hide, not_fit and confirm work once; unsubscribe pauses the
-- destination (any number of times). Only the SHA-256 of the token is stored.
CREATE TABLE alert_links (
  token_hash     text PRIMARY KEY,
  action         text NOT NULL CHECK (action IN ('hide', 'not_fit', 'unsubscribe', 'confirm')),
  destination_id text NOT NULL REFERENCES alert_destinations(id) ON DELETE CASCADE,
  lead_id        text REFERENCES leads(id) ON DELETE CASCADE,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz
);
