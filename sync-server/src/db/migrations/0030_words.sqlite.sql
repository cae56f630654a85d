-- Words (issue 42): each language's lexicon, each caption track's words, and each learner's word states.

-- The lexicon of a language: one entry per key (its headword NFC and lower-cased, tones kept:
-- contract/segment.ts wordKey), with its English glosses (a JSON array of strings), from the demo, a
-- submission's glossary or an admin. The version counts every change, so the PWA fetches it once per
-- version (the lexicon's ETag) and tracks segmented against an older one are done again.
CREATE TABLE lexicon_entries (
  id INTEGER PRIMARY KEY,
  language_code TEXT NOT NULL REFERENCES languages (code),
  key TEXT NOT NULL,
  headword TEXT NOT NULL,
  glosses TEXT NOT NULL,
  reading TEXT,
  note TEXT,
  source TEXT NOT NULL CHECK (source IN ('demo', 'submission', 'admin')),
  submission_id INTEGER REFERENCES submissions (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (language_code, key)
);
ALTER TABLE languages ADD COLUMN lexicon_version INTEGER NOT NULL DEFAULT 0;

-- A contributor's glossary for a submission: joins the lexicon when the submission is published.
CREATE TABLE submission_glossary (
  submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  headword TEXT NOT NULL,
  glosses TEXT NOT NULL,
  reading TEXT,
  note TEXT,
  PRIMARY KEY (submission_id, key)
) WITHOUT ROWID;

-- A cue's words in the track of the video's own language (JSON [[from, to, key], ...]; NULL for other
-- tracks), and each such track's word counts: `preview_count` counts the cues a preview shows (those
-- starting before `preview_seconds`), so a locked transcript's words are never counted for a preview.
ALTER TABLE caption_cues ADD COLUMN tokens TEXT;
ALTER TABLE caption_tracks ADD COLUMN lexicon_version INTEGER;
ALTER TABLE caption_tracks ADD COLUMN preview_seconds REAL;
CREATE TABLE track_words (
  submission_id INTEGER NOT NULL,
  language TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count > 0),
  preview_count INTEGER NOT NULL CHECK (preview_count >= 0),
  PRIMARY KEY (submission_id, language, key),
  FOREIGN KEY (submission_id, language) REFERENCES caption_tracks (submission_id, language) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX track_words_key ON track_words (language, key);

-- A learner's state of a word: the one with the latest occurred_ms wins (ties: the larger client_id),
-- whatever order batches arrive in, so 'new' is kept as a row (an older 'known' arriving late loses).
CREATE TABLE word_states (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  language_code TEXT NOT NULL,
  key TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('new', 'learning', 'known', 'ignored')),
  client_id TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  occurred_ms INTEGER NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (user_id, language_code, key)
) WITHOUT ROWID;
CREATE INDEX word_states_client ON word_states (user_id, client_id);

-- Every word-state client_id received from a learner: a repeat is `duplicate`, even once replaced.
CREATE TABLE word_state_receipts (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  PRIMARY KEY (user_id, client_id)
) WITHOUT ROWID;
