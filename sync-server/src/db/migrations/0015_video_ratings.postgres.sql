-- PostgreSQL twin of 0015_video_ratings.sqlite.sql (BIGINT ids, plain tables); the comments there say why.
ALTER TABLE videos ADD COLUMN rating_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE videos ADD COLUMN rating_evidence_sum BIGINT NOT NULL DEFAULT 0;
ALTER TABLE videos ADD COLUMN difficulty INTEGER CHECK (difficulty BETWEEN 1 AND 100);
ALTER TABLE videos ADD COLUMN difficulty_rank INTEGER NOT NULL DEFAULT 101;
CREATE INDEX videos_language_difficulty ON videos (language_code, difficulty_rank, published_at DESC, id DESC) WHERE published_at IS NOT NULL;

CREATE TABLE video_ratings (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id BIGINT NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  understood INTEGER NOT NULL CHECK (understood BETWEEN 1 AND 5),
  occurred_at TEXT NOT NULL,
  rater_input_seconds BIGINT NOT NULL,
  evidence INTEGER NOT NULL CHECK (evidence BETWEEN 1 AND 100),
  received_at TEXT NOT NULL,
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX video_ratings_video ON video_ratings (video_id);

CREATE TABLE rating_receipts (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  video_id BIGINT NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, client_id)
);
CREATE INDEX rating_receipts_video ON rating_receipts (video_id);
