-- One lead per story (docs/decisions/0120-one-lead-per-story.md): a post and its copies (cross-posts, reposts, the
-- author's copy with the same text) are one lead, which lists the other places the story appeared.

-- The post a cross-post cross-posts, as the upstream answer said (Reddit's crosspost_parent, without t3_).
ALTER TABLE upstream_items ADD COLUMN crosspost_of text;

-- A lead's other places: each copy of its story (a post, or a comment copying it word for word) found after or
-- beside its home, at most once per project. A copy deleted or removed upstream keeps its row (so it is not taken
-- up again) without its author, and is shown nowhere.
CREATE TABLE lead_places (
  lead_id     text NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  project_id  text NOT NULL,
  post_id     text NOT NULL,
  comment_id  text,
  subreddit   text NOT NULL,
  author      text,
  url         text NOT NULL,
  posted_at   timestamptz NOT NULL,
  -- What this copy scored on its own: the lead's score is its best place's.
  score       integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  found_at    timestamptz NOT NULL,
  deleted_at  timestamptz
);
CREATE UNIQUE INDEX lead_places_item_uidx ON lead_places (project_id, post_id, coalesce(comment_id, ''));
CREATE INDEX lead_places_lead_idx ON lead_places (lead_id, posted_at);
-- A deleted post or comment's places, in every project (as leads_post_idx and leads_comment_idx for leads).
CREATE INDEX lead_places_post_idx ON lead_places (post_id) WHERE comment_id IS NULL;
CREATE INDEX lead_places_comment_idx ON lead_places (comment_id) WHERE comment_id IS NOT NULL;

-- Keys that find a project's lead for a copy of its story without reading its other leads: 64-bit hashes of the
-- post id (a post and its cross-posts) and of the body's words, odd, and of the MinHash bands of the body's
-- shingles, even (a band only makes a candidate; the text decides). One index and no unique constraint, so that
-- writing a lead's ten keys stays cheap; leads are deleted only with their project, and a forgotten lead's keys
-- (one-way hashes) stay, skipped by the lookup.
CREATE TABLE story_keys (
  project_id  text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  key         bigint NOT NULL,
  lead_id     text NOT NULL
);
CREATE INDEX story_keys_idx ON story_keys (project_id, key);
