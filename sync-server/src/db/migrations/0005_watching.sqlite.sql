-- Watch events from the PWA's outbox, stored once per (user, client_id). Client ids are UUIDv7, so
-- new keys land at the end of the B-tree and batch inserts stay fast.
CREATE TABLE watch_events (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  video_id INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  position_from REAL NOT NULL,
  position_to REAL NOT NULL,
  watched_seconds REAL NOT NULL,
  playback_rate REAL NOT NULL,
  occurred_at TEXT NOT NULL,
  day TEXT NOT NULL,               -- local day of occurred_at in the user's zone when received
  received_at TEXT NOT NULL,
  PRIMARY KEY (user_id, client_id)
) WITHOUT ROWID;

-- Per user and video: the merged played spans (JSON [[from, to], ...]), what they cover, where the
-- learner was last, and the watch time spent on it.
CREATE TABLE video_progress (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  spans TEXT NOT NULL DEFAULT '[]',
  covered_seconds REAL NOT NULL DEFAULT 0,
  watch_seconds REAL NOT NULL DEFAULT 0,
  last_position_seconds REAL NOT NULL DEFAULT 0,
  last_watched_at TEXT NOT NULL,
  PRIMARY KEY (user_id, video_id)
) WITHOUT ROWID;
CREATE INDEX video_progress_recent ON video_progress (user_id, last_watched_at);

CREATE TABLE comments (
  id INTEGER PRIMARY KEY,
  video_id INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX comments_client ON comments (user_id, client_id);
CREATE INDEX comments_video ON comments (video_id, id);
