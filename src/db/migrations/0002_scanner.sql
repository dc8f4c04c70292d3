-- The scan pipeline: data bought upstream (shared by every project), listing cursors, the fetch log that
-- lets one purchase serve many projects, per-project progress through it, and scan records.

-- Every post and comment ever bought, once, whichever project paid for it.
CREATE TABLE upstream_items (
  id          text PRIMARY KEY,             -- 't3_<id>' for a post, 't1_<id>' for a comment
  kind        text NOT NULL CHECK (kind IN ('post', 'comment')),
  post_id     text NOT NULL,
  subreddit   text NOT NULL,
  title       text NOT NULL,
  body        text NOT NULL,
  author      text,
  url         text NOT NULL,
  parent_id   text,
  created_at  timestamptz NOT NULL,
  stored_at   timestamptz NOT NULL
);
CREATE INDEX upstream_items_post_idx ON upstream_items (post_id);

-- One row per listing ('new:<sub>', 'comments:<sub>', 'search:<query>', 'thread:<postId>'): where the next
-- incremental fetch starts, and the last fetch made of it.
-- complete_since (comment listings): every comment since then has been seen, so threads of posts newer
-- than it need no separate read.
CREATE TABLE upstream_listings (
  listing         text PRIMARY KEY,
  cursor          text,
  last_fetch_id   bigint,
  complete_since  timestamptz,
  updated_at      timestamptz NOT NULL
);

-- The fetch log: each incremental fetch of a listing, who paid, what it cost, which calls it made.
CREATE TABLE upstream_fetches (
  id          bigserial PRIMARY KEY,
  listing     text NOT NULL,
  project_id  text REFERENCES projects(id) ON DELETE SET NULL,
  scan_id     text,
  fetched_at  timestamptz NOT NULL,
  calls       integer NOT NULL,
  cost_usd    double precision NOT NULL,
  apis        jsonb NOT NULL            -- [{ "api": "...", "calls": n, "costUsd": x }]
);
CREATE INDEX upstream_fetches_listing_idx ON upstream_fetches (listing, id);

CREATE TABLE upstream_fetch_items (
  fetch_id  bigint NOT NULL REFERENCES upstream_fetches(id) ON DELETE CASCADE,
  item_id   text NOT NULL REFERENCES upstream_items(id) ON DELETE CASCADE,
  PRIMARY KEY (fetch_id, item_id)
);

-- How far each project has been served through each listing's fetch log.
CREATE TABLE project_listings (
  project_id     text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  listing        text NOT NULL,
  last_fetch_id  bigint NOT NULL,
  PRIMARY KEY (project_id, listing)
);
CREATE INDEX project_listings_listing_idx ON project_listings (listing, last_fetch_id);

-- Posts a project matched whose comment thread it still has to read (bounded per scan by the tier).
CREATE TABLE project_threads (
  project_id  text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  post_id     text NOT NULL,
  matched_at  timestamptz NOT NULL,
  done_at     timestamptz,
  PRIMARY KEY (project_id, post_id)
);
CREATE INDEX project_threads_pending_idx ON project_threads (project_id, matched_at DESC) WHERE done_at IS NULL;

CREATE TABLE scans (
  id            text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  project_id    text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  status        text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  trigger       text NOT NULL CHECK (trigger IN ('schedule', 'tool', 'dashboard', 'demo')),
  created_at    timestamptz NOT NULL,
  started_at    timestamptz,
  finished_at   timestamptz,
  heartbeat_at  timestamptz,
  calls         integer NOT NULL DEFAULT 0,
  cost_usd      double precision NOT NULL DEFAULT 0,
  items_seen    integer NOT NULL DEFAULT 0,
  new_leads     integer NOT NULL DEFAULT 0,
  errors        text[] NOT NULL DEFAULT '{}'
);
-- At most one scan queued or running per project: a second trigger gets the first one back.
CREATE UNIQUE INDEX scans_one_active_uidx ON scans (project_id) WHERE status IN ('queued', 'running');
CREATE INDEX scans_project_created_idx ON scans (project_id, created_at DESC);

ALTER TABLE upstream_calls ADD COLUMN scan_id text;
ALTER TABLE upstream_calls ADD COLUMN fetch_id bigint;
