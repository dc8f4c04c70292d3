-- A lead's attempts, across its project's webhooks: which webhooks were sent a lead found deleted on Reddit, to tell
-- them with lead.deleted (docs/decisions/0106-lead-deleted-webhook.md), and the attempts list filtered by lead.
CREATE INDEX webhook_attempts_lead_idx ON webhook_attempts (lead_id, webhook_id);
