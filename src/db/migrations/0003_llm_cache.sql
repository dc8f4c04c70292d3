-- Answers of the optional LLM scorer, per item and project profile: a profile edit or a new model asks again,
-- a rescan of the same item does not pay twice.
CREATE TABLE llm_answers (
  item_key      text NOT NULL,
  profile_hash  text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('score', 'reply')),
  answer        jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_key, profile_hash, kind)
);
CREATE INDEX llm_answers_created_idx ON llm_answers (created_at);
