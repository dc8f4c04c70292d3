-- How a project's reply drafts sound (docs/decisions/0121-replies-a-person-would-post.md): a tone, and a short
-- signature line ending every draft. Drafting reads them; scoring never does.
ALTER TABLE projects ADD COLUMN reply_tone text NOT NULL DEFAULT 'plain'
  CHECK (reply_tone IN ('plain', 'friendly', 'expert'));
ALTER TABLE projects ADD COLUMN reply_signature text CHECK (char_length(reply_signature) <= 80);
