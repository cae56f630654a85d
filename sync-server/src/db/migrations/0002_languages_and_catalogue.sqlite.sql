-- Languages taught, and the published catalogue they count.
CREATE TABLE languages (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  native_name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

INSERT INTO languages (code, name, native_name, position) VALUES
  ('vi', 'Vietnamese', 'Tiếng Việt', 1),
  ('yue', 'Cantonese', '廣東話', 2);

CREATE TABLE videos (
  id INTEGER PRIMARY KEY,
  language_code TEXT NOT NULL REFERENCES languages (code),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  proficiency_level TEXT NOT NULL CHECK (proficiency_level IN ('introductory', 'beginner', 'intermediate', 'advanced')),
  access_level TEXT NOT NULL DEFAULT 'premium' CHECK (access_level IN ('free', 'premium', 'preview')),
  duration_seconds REAL NOT NULL DEFAULT 0,
  published_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX videos_language_published ON videos (language_code, published_at);

-- Watch time per user and local day; the goal in force that day is kept beside it for streaks.
CREATE TABLE daily_totals (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day TEXT NOT NULL,              -- YYYY-MM-DD in the user's zone
  watch_seconds REAL NOT NULL DEFAULT 0,
  goal_minutes INTEGER NOT NULL,
  PRIMARY KEY (user_id, day)
) WITHOUT ROWID;
