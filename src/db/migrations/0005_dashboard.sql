-- The dashboard's sign-in: single-use links and cookie sessions (docs/decisions/0060-dashboard.md).
-- Only SHA-256 hashes of the tokens are stored; a leaked table signs nobody in.
CREATE TABLE sign_in_tokens (
  hash        text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL
);
CREATE INDEX sign_in_tokens_user_idx ON sign_in_tokens (user_id);

CREATE TABLE sessions (
  hash          text PRIMARY KEY,
  user_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
