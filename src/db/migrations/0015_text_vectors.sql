-- The meaning stage's sentence vectors (docs/decisions/0094-meaning-stage.md), keyed by the encoder and a hash of
-- the text it read: a post is encoded once, whichever project, process or restart needs it again.
CREATE TABLE text_vectors (
  encoder     text NOT NULL,
  text_hash   text NOT NULL,
  vector      bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (encoder, text_hash)
);
