-- The daily upstream spend cap (docs/decisions/0102-daily-spend-cap.md): an account's own cap in USD per UTC day
-- (null: the instance's or the tier's default), and on a scan the cap it stopped buying at ({capUsd, spentUsd, at}).
ALTER TABLE users ADD COLUMN daily_cap_usd double precision CHECK (daily_cap_usd IS NULL OR daily_cap_usd >= 0);
ALTER TABLE scans ADD COLUMN spend_capped jsonb;
