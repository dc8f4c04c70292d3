-- Sign-in links asked for from the page (docs/decisions/0061-sign-in-from-the-page.md).
-- A sign-up link names an address that has no account yet: the account is created when the link is opened.
ALTER TABLE sign_in_tokens ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE sign_in_tokens ADD COLUMN email text;
ALTER TABLE sign_in_tokens ADD CONSTRAINT sign_in_tokens_user_or_email CHECK (user_id IS NOT NULL OR email IS NOT NULL);

-- Link requests counted per address and per client address in fixed windows; the subject is a SHA-256, so the
-- table keeps no address that was only ever typed into the form.
CREATE TABLE sign_in_throttle (
  subject       text PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  requests      integer NOT NULL
);
CREATE INDEX sign_in_throttle_window_idx ON sign_in_throttle (window_start);
