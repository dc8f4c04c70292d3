-- Whether a competitor is named in an SEO opportunity's thread: NULL when the thread could not be read (its read
-- failed, or the daily spend cap stopped the refresh first), rather than false (docs/decisions/0115).
ALTER TABLE seo_opportunities ALTER COLUMN competitor_present DROP NOT NULL;
ALTER TABLE seo_opportunities ALTER COLUMN competitor_present DROP DEFAULT;
