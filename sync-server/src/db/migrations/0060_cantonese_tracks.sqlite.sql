-- Cantonese tracks (issue 46): a caption track's language is the submission's own or English, so `yue`
-- too; the rule is the service's (services/captions.service.ts), not a list in the table. SQLite cannot
-- drop a CHECK, so caption_tracks is made again: its cues and word counts (whose rows its cascade
-- removes when it is dropped) are kept aside and put back, ids kept, the search index refilled by its
-- triggers. Their REFERENCES name the table, so they point at the new one.
CREATE TEMP TABLE kept_caption_cues AS SELECT * FROM caption_cues;
CREATE TEMP TABLE kept_track_words AS SELECT * FROM track_words;
CREATE TEMP TABLE kept_caption_tracks AS SELECT * FROM caption_tracks;
DROP TABLE caption_tracks;
CREATE TABLE caption_tracks (
  submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  language TEXT NOT NULL CHECK (length(language) BETWEEN 2 AND 8),
  vtt TEXT NOT NULL,
  cue_count INTEGER NOT NULL,
  -- The end of the last cue.
  duration_seconds REAL NOT NULL,
  updated_at TEXT NOT NULL,
  lexicon_version INTEGER,
  preview_seconds REAL,
  PRIMARY KEY (submission_id, language)
) WITHOUT ROWID;
CREATE INDEX caption_tracks_language ON caption_tracks (language, submission_id);
INSERT INTO caption_tracks (submission_id, language, vtt, cue_count, duration_seconds, updated_at, lexicon_version, preview_seconds)
  SELECT submission_id, language, vtt, cue_count, duration_seconds, updated_at, lexicon_version, preview_seconds FROM kept_caption_tracks;
INSERT INTO caption_cues (id, submission_id, language, start_seconds, end_seconds, text, tokens)
  SELECT id, submission_id, language, start_seconds, end_seconds, text, tokens FROM kept_caption_cues;
INSERT INTO track_words (submission_id, language, key, count, preview_count)
  SELECT submission_id, language, key, count, preview_count FROM kept_track_words;
DROP TABLE kept_caption_cues;
DROP TABLE kept_track_words;
DROP TABLE kept_caption_tracks;
