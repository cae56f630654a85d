-- Contributors: series, submissions with their tus upload and processing state, the durable job queue,
-- contributor applications, and the catalogue columns publishing fills in.

CREATE TABLE series (
  id INTEGER PRIMARY KEY,
  language_code TEXT NOT NULL REFERENCES languages (code),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX series_language_name ON series (language_code, name COLLATE NOCASE);

ALTER TABLE videos ADD COLUMN series_id INTEGER REFERENCES series (id);
ALTER TABLE videos ADD COLUMN episode_number INTEGER;
-- Folder name under DATA_DIR/media holding the HLS ladder, poster and thumbnails (random hex).
ALTER TABLE videos ADD COLUMN media_key TEXT;
-- File names inside that folder; NULL thumbnail means the poster stands in.
ALTER TABLE videos ADD COLUMN thumbnail_file TEXT;
ALTER TABLE videos ADD COLUMN youtube_thumbnail_file TEXT;
ALTER TABLE videos ADD COLUMN youtube_id TEXT;
ALTER TABLE videos ADD COLUMN youtube_title TEXT;
ALTER TABLE videos ADD COLUMN youtube_description TEXT;
ALTER TABLE videos ADD COLUMN submission_id INTEGER;
CREATE INDEX videos_series ON videos (series_id, episode_number);
CREATE UNIQUE INDEX videos_media_key ON videos (media_key) WHERE media_key IS NOT NULL;

CREATE TABLE submissions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  proficiency_level TEXT NOT NULL CHECK (proficiency_level IN ('introductory', 'beginner', 'intermediate', 'advanced')),
  language_code TEXT NOT NULL REFERENCES languages (code),
  series_name TEXT,
  episode_number INTEGER,
  publishable INTEGER NOT NULL DEFAULT 0 CHECK (publishable IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  -- The tus upload currently bound to this submission (its id is the file name in DATA_DIR/uploads).
  upload_id TEXT,
  upload_state TEXT NOT NULL DEFAULT 'awaiting' CHECK (upload_state IN ('awaiting', 'uploading', 'complete')),
  upload_bytes_total INTEGER,
  -- Epoch ms of the last tus request: unfinished uploads expire after 24 h of silence.
  upload_activity_at INTEGER,
  processing_state TEXT NOT NULL DEFAULT 'waiting'
    CHECK (processing_state IN ('waiting', 'queued', 'processing', 'ready', 'failed')),
  processing_percent INTEGER NOT NULL DEFAULT 0,
  processing_error TEXT,
  media_key TEXT,
  duration_seconds REAL,
  published_video_id INTEGER REFERENCES videos (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX submissions_client ON submissions (user_id, client_id) WHERE client_id IS NOT NULL;
CREATE UNIQUE INDEX submissions_upload ON submissions (upload_id) WHERE upload_id IS NOT NULL;
CREATE INDEX submissions_user ON submissions (user_id, id);

CREATE TABLE submission_creators (
  submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  PRIMARY KEY (submission_id, email)
) WITHOUT ROWID;

-- The durable job queue: a job 'running' when the process stops is queued again at the next start.
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,           -- JSON
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  created_at INTEGER NOT NULL,     -- epoch ms
  started_at INTEGER,
  finished_at INTEGER
);
CREATE INDEX jobs_state ON jobs (state, id);

CREATE TABLE contributor_applications (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  location TEXT NOT NULL DEFAULT '',
  english_ability TEXT NOT NULL CHECK (english_ability IN ('none', 'a_little', 'well')),
  notes TEXT NOT NULL DEFAULT '',
  -- A server-chosen file name in DATA_DIR/applications, and the type sniffed from its bytes.
  video_file TEXT NOT NULL,
  video_type TEXT NOT NULL,
  video_bytes INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  created_at TEXT NOT NULL,
  decided_at TEXT
);
CREATE INDEX contributor_applications_status ON contributor_applications (status, id);
CREATE INDEX contributor_applications_email ON contributor_applications (email);
