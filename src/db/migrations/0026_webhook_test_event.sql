-- A test event sent from the dashboard (docs/decisions/0116-webhook-test-event.md) is about no lead: its attempts
-- have no lead_id, and only they may lack one.
ALTER TABLE webhook_attempts ALTER COLUMN lead_id DROP NOT NULL;
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_lead_or_test
  CHECK (lead_id IS NOT NULL OR event_id LIKE 'evt_test_%');
