-- The fencing token of a scan's current runner (docs/decisions/0086-scan-guard.md): every write a runner makes
-- to its scan names it, so a runner that lost its claim (its database session was cut, another worker took
-- the scan over) can no longer commit anything for it.
ALTER TABLE scans ADD COLUMN owner text;
