-- Intelligence (issue #12): each pain-theme clustering and SEO refresh is recorded as a run, so "at most once an
-- hour", "every seoRefreshDays" and the errors of a failed refresh are answered from the database; AI-visibility
-- answers are kept per project and question, and saved questions are re-checked daily.
CREATE TABLE pain_theme_runs (
  id             bigserial PRIMARY KEY,
  project_id     text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  generated_at   timestamptz NOT NULL,
  trigger        text NOT NULL CHECK (trigger IN ('scan', 'schedule', 'dashboard', 'tool')),
  method         text NOT NULL,
  leads_considered integer NOT NULL,
  leads_themed   integer NOT NULL,
  themes         integer NOT NULL,
  errors         text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX pain_theme_runs_project_idx ON pain_theme_runs (project_id, generated_at DESC);

ALTER TABLE seo_opportunities ADD COLUMN search_volume integer;

CREATE TABLE seo_refreshes (
  id            bigserial PRIMARY KEY,
  project_id    text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  provider      text NOT NULL,
  refreshed_at  timestamptz NOT NULL,
  keywords      integer NOT NULL,
  calls         integer NOT NULL,
  cost_usd      double precision NOT NULL,
  opportunities integer NOT NULL,
  errors        text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX seo_refreshes_project_idx ON seo_refreshes (project_id, refreshed_at DESC);

-- One row per (check, engine): a check asks every configured engine the same question.
CREATE TABLE ai_visibility_results (
  id                    bigserial PRIMARY KEY,
  user_id               text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_id            text REFERENCES projects(id) ON DELETE CASCADE,
  product_name          text NOT NULL,
  question              text NOT NULL,
  engine                text NOT NULL,
  checked_at            timestamptz NOT NULL,
  samples               integer NOT NULL,
  answered              integer NOT NULL,
  mention_rate          double precision,
  mean_position         double precision,
  competitors_mentioned text[] NOT NULL DEFAULT '{}',
  error                 text
);
CREATE INDEX ai_visibility_results_project_idx ON ai_visibility_results (project_id, question, checked_at DESC);

-- Questions a project asks again every day.
CREATE TABLE ai_questions (
  project_id    text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  question      text NOT NULL,
  product_name  text NOT NULL,
  created_at    timestamptz NOT NULL,
  last_checked_at timestamptz,
  PRIMARY KEY (project_id, question)
);
