-- Accounts, keys, projects, leads and the read models of the REST API.
CREATE TABLE users (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  email       text UNIQUE,
  tier        text NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'connected')),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id            text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('rest', 'mcp')),
  key_hash      text NOT NULL UNIQUE,
  prefix        text NOT NULL,
  scopes        text[] NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id);

-- One row per key per UTC day: the daily allowance is counted here so that every process sees one count.
CREATE TABLE api_key_usage (
  key_id    text NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  day       date NOT NULL,
  requests  integer NOT NULL,
  PRIMARY KEY (key_id, day)
);

CREATE TABLE projects (
  id               text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id          text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name             text NOT NULL,
  url              text,
  pain             text,
  solution         text,
  target_users     text,
  geography        text,
  budget_fit       text,
  score_threshold  integer CHECK (score_threshold BETWEEN 0 AND 100),
  keywords         text[] NOT NULL DEFAULT '{}',
  subreddits       text[] NOT NULL DEFAULT '{}',
  competitors      text[] NOT NULL DEFAULT '{}',
  created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (user_id, name)
);
CREATE INDEX projects_user_created_idx ON projects (user_id, created_at, id);

CREATE TABLE leads (
  id              text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  project_id      text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  post_id         text,
  comment_id      text,
  title           text NOT NULL,
  subreddit       text NOT NULL,
  author          text,
  url             text NOT NULL,
  body            text,
  score           integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  stage           text CHECK (stage IN ('problem-aware', 'solution-seeking', 'comparing', 'purchase-ready')),
  reason          text,
  matched_phrase  text,
  seller_side     boolean NOT NULL DEFAULT false,
  status          text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'hidden', 'not_fit')),
  reply           text,
  posted_at       timestamptz NOT NULL,
  scored_at       timestamptz NOT NULL,
  cost_usd        double precision
);
-- One lead per item per project, whether the item is a post or a comment.
CREATE UNIQUE INDEX leads_item_uidx ON leads (project_id, coalesce(post_id, ''), coalesce(comment_id, ''));
-- The lead list: one project, one status, highest score first, id as the tie-break.
CREATE INDEX leads_queue_idx ON leads (project_id, status, score DESC, id);

CREATE TABLE seo_opportunities (
  id                  text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  project_id          text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  keyword             text NOT NULL,
  position            integer,
  competitor_present  boolean NOT NULL DEFAULT false,
  refreshed_at        timestamptz NOT NULL,
  post_id             text,
  post_title          text,
  post_subreddit      text,
  post_url            text
);
CREATE INDEX seo_opportunities_project_idx ON seo_opportunities (project_id);

CREATE TABLE pain_themes (
  id            text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  project_id    text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  label         text NOT NULL,
  summary       text,
  lead_ids      text[] NOT NULL DEFAULT '{}',
  generated_at  timestamptz NOT NULL
);
CREATE INDEX pain_themes_project_idx ON pain_themes (project_id, generated_at DESC);

-- Every upstream call a project paid for, and every call served to it from data another project bought.
CREATE TABLE upstream_calls (
  id          bigserial PRIMARY KEY,
  project_id  text REFERENCES projects(id) ON DELETE SET NULL,
  api         text NOT NULL,
  cost_usd    double precision NOT NULL DEFAULT 0,
  reused      boolean NOT NULL DEFAULT false,
  ok          boolean NOT NULL DEFAULT true,
  called_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upstream_calls_project_day_idx ON upstream_calls (project_id, called_at);

CREATE TABLE webhooks (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  project_id  text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  url         text NOT NULL,
  secret      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, url)
);
