-- Items a scan saw per subreddit (lower-case name -> count), a listed subreddit that returned nothing at 0, so
-- the scan history can say which subreddits gave nothing instead of one total hiding them.
ALTER TABLE scans ADD COLUMN subreddit_items jsonb NOT NULL DEFAULT '{}'::jsonb;
