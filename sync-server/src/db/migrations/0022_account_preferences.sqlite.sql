-- A person's preferences that follow the account across devices (issue 41 items 10, 23): the learning
-- language, the UI language, the daily goal, the player's choices, the theme. One row per preference;
-- the change with the latest occurred_ms wins (ties: the larger client_id), whatever order devices'
-- outboxes deliver them in, so two devices converge. value is JSON text.
CREATE TABLE account_preferences (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  client_id TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  occurred_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, name)
) WITHOUT ROWID;
