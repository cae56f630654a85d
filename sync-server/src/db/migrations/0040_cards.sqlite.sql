-- Saved lines and review (issue 43): a learner's cards (one saved line of a video each), their reviews,
-- and the removals received. A card's schedule is contract/card-schedule.ts's fold of its reviews in
-- reviewed_at order, kept on the row and stepped as a review arrives after the last one folded in
-- (last_review_ms, last_review_client_id); a review arriving out of order folds that card's reviews again.
CREATE TABLE cards (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  video_id INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  language_code TEXT NOT NULL,
  start_seconds REAL NOT NULL,
  end_seconds REAL NOT NULL,
  text TEXT NOT NULL,
  translation TEXT,
  created_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  received_at TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('new', 'learning', 'review', 'relearning')),
  due_ms INTEGER NOT NULL,
  stability REAL NOT NULL,
  difficulty REAL NOT NULL,
  reps INTEGER NOT NULL,
  lapses INTEGER NOT NULL,
  scheduled_days REAL NOT NULL,
  learning_steps INTEGER NOT NULL,
  elapsed_days REAL NOT NULL,
  last_review_ms INTEGER,
  last_review_client_id TEXT,
  -- Where the line's clip lives in the media store once the cut_card_clip job made it (null until then).
  clip_path TEXT,
  UNIQUE (user_id, client_id)
);
CREATE INDEX cards_due ON cards (user_id, language_code, due_ms, client_id);
CREATE INDEX cards_line ON cards (user_id, video_id, start_seconds);

-- A card's reviews; client_id is unique per learner (a repeat is a duplicate). `day`: the learner's
-- local day of reviewed_at when it arrived (reviews_by_day on /me/progress).
CREATE TABLE card_reviews (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  card_id INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
  reviewed_at TEXT NOT NULL,
  reviewed_ms INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  day TEXT NOT NULL,
  received_at TEXT NOT NULL,
  UNIQUE (user_id, client_id)
);
CREATE INDEX card_reviews_card ON card_reviews (card_id);
CREATE INDEX card_reviews_day ON card_reviews (user_id, day);

-- Removals received: their client_ids (a repeat is a duplicate) and the card each took away, so the
-- card sent again, or a review of it, is not brought back.
CREATE TABLE card_removals (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  card_client_id TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  PRIMARY KEY (user_id, client_id)
);
CREATE INDEX card_removals_card ON card_removals (user_id, card_client_id);
