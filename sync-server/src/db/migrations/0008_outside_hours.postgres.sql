-- PostgreSQL twin of 0008_outside_hours.sqlite.sql.
CREATE TABLE outside_hours (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  day TEXT NOT NULL,
  minutes INTEGER NOT NULL CHECK (minutes BETWEEN 1 AND 720),
  kind TEXT NOT NULL CHECK (kind IN ('watching', 'listening', 'talking')),
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, client_id)
);
CREATE INDEX outside_hours_user_day ON outside_hours (user_id, day);
