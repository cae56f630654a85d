-- How much learners understood a video (issue 20), and the difficulty score it gives the video.
-- The score is computed when a rating lands (services/ratings.service.ts), never at read time, so the
-- catalogue sorts and filters by a stored column. The video keeps the running count and sum of its
-- ratings' evidence (whole numbers, so a replaced rating is taken out exactly), the score (1..100,
-- null below 5 ratings) and difficulty_rank: the score, or 101 when there is none, so unscored videos
-- sort last on both engines (SQLite sorts NULL first, PostgreSQL last).
ALTER TABLE videos ADD COLUMN rating_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE videos ADD COLUMN rating_evidence_sum INTEGER NOT NULL DEFAULT 0;
ALTER TABLE videos ADD COLUMN difficulty INTEGER CHECK (difficulty BETWEEN 1 AND 100);
ALTER TABLE videos ADD COLUMN difficulty_rank INTEGER NOT NULL DEFAULT 101;
-- The catalogue sorted by difficulty: the list's order (rank, newest, id) read straight from the index.
CREATE INDEX videos_language_difficulty ON videos (language_code, difficulty_rank, published_at DESC, id DESC) WHERE published_at IS NOT NULL;

-- Each learner's rating of a video: one row, the latest by occurred_at (a later one replaces it).
-- rater_input_seconds and evidence are kept as they were when it landed, so replacing it takes out of
-- the video's sum exactly what it put in.
CREATE TABLE video_ratings (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  understood INTEGER NOT NULL CHECK (understood BETWEEN 1 AND 5),
  occurred_at TEXT NOT NULL,
  rater_input_seconds INTEGER NOT NULL,
  evidence INTEGER NOT NULL CHECK (evidence BETWEEN 1 AND 100),
  received_at TEXT NOT NULL,
  PRIMARY KEY (user_id, video_id)
) WITHOUT ROWID;
CREATE INDEX video_ratings_video ON video_ratings (video_id);

-- Every rating client_id a learner sent, replaced or not: a repeat answers `duplicate`.
CREATE TABLE rating_receipts (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  video_id INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, client_id)
) WITHOUT ROWID;
CREATE INDEX rating_receipts_video ON rating_receipts (video_id);
