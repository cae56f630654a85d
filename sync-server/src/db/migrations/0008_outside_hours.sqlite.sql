-- Input outside the app (watching elsewhere, listening, talking), logged by the learner through the
-- outbox: once per (user, client_id). It counts toward total input hours, not toward the daily goal.
CREATE TABLE outside_hours (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  day TEXT NOT NULL,                -- YYYY-MM-DD as the learner chose it
  minutes INTEGER NOT NULL CHECK (minutes BETWEEN 1 AND 720),
  kind TEXT NOT NULL CHECK (kind IN ('watching', 'listening', 'talking')),
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, client_id)
) WITHOUT ROWID;
CREATE INDEX outside_hours_user_day ON outside_hours (user_id, day);
