CREATE TABLE user_feedbacks (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT,
  feedback TEXT NOT NULL,
  environment_data TEXT,          -- JSON, kept exactly as sent
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX user_feedbacks_client ON user_feedbacks (user_id, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX user_feedbacks_created ON user_feedbacks (created_at);

CREATE TABLE waitlist (
  email TEXT PRIMARY KEY,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
