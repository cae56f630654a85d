-- The account (issue 21): devices, account deletion.
-- A session remembers the browser that signed in and when it was last used (written at most every few
-- minutes, never on each request), so the person can recognise and end it.
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER;        -- epoch ms; NULL until first seen after sign-in

-- A deleted account keeps its row (comments keep their place in threads, a contributor's published
-- videos their submission) with nothing personal left in it: the e-mail is replaced by a value no
-- address can equal, so the address can sign up again as a new person.
ALTER TABLE users ADD COLUMN deleted_at TEXT;

-- Codes that confirm deleting an account: apart from sign-in codes (a sign-in code never deletes,
-- a deletion code never signs in), stored as an HMAC bound to the account and the purpose.
CREATE TABLE account_deletion_codes (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  wrong_tries INTEGER NOT NULL DEFAULT 0,
  consumed_at INTEGER
);
CREATE INDEX account_deletion_codes_user ON account_deletion_codes (user_id, id);
