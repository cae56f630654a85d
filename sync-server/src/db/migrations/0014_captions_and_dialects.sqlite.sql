-- Captions, transcripts and dialects (issue 19).
-- A dialect on submissions (the contributor's choice) and on videos (the admin's, copied from the
-- submission at publishing): northern, central, southern or mixed; NULL until someone sets it.
ALTER TABLE submissions ADD COLUMN dialect TEXT CHECK (dialect IN ('northern', 'central', 'southern', 'mixed'));
ALTER TABLE videos ADD COLUMN dialect TEXT CHECK (dialect IN ('northern', 'central', 'southern', 'mixed'));
-- The catalogue list filtered by dialect reads this in order (language, dialect, newest first).
CREATE INDEX videos_language_dialect_published ON videos (language_code, dialect, published_at);
-- Caption tracks and creators (guides) are kept per submission; these find a video's from either side.
CREATE INDEX videos_submission ON videos (submission_id) WHERE submission_id IS NOT NULL;
CREATE INDEX submission_creators_email ON submission_creators (email, submission_id);

-- One WebVTT track per submission and language, as stored (NFC): served whole to full grants.
CREATE TABLE caption_tracks (
  submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  language TEXT NOT NULL CHECK (language IN ('vi', 'en')),
  vtt TEXT NOT NULL,
  cue_count INTEGER NOT NULL,
  -- The end of the last cue.
  duration_seconds REAL NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (submission_id, language)
) WITHOUT ROWID;
CREATE INDEX caption_tracks_language ON caption_tracks (language, submission_id);

-- The track's cues as plain text (tags dropped): the transcript, the preview cut and transcript search.
CREATE TABLE caption_cues (
  id INTEGER PRIMARY KEY,
  submission_id INTEGER NOT NULL,
  language TEXT NOT NULL,
  start_seconds REAL NOT NULL,
  end_seconds REAL NOT NULL,
  text TEXT NOT NULL,
  FOREIGN KEY (submission_id, language) REFERENCES caption_tracks (submission_id, language) ON DELETE CASCADE
);
CREATE INDEX caption_cues_track ON caption_cues (submission_id, language, start_seconds);

-- Transcript search, as the admin search of 0007 (db/dialect/text-search.ts): an FTS5 trigram index
-- beside the cues, kept in step by triggers. Cues are only inserted and deleted (a track is replaced whole).
CREATE VIRTUAL TABLE caption_cues_search USING fts5(
  text, content='caption_cues', content_rowid='id', tokenize='trigram remove_diacritics 1'
);
CREATE TRIGGER caption_cues_search_insert AFTER INSERT ON caption_cues BEGIN
  INSERT INTO caption_cues_search (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER caption_cues_search_delete AFTER DELETE ON caption_cues BEGIN
  INSERT INTO caption_cues_search (caption_cues_search, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER caption_cues_search_update AFTER UPDATE OF text ON caption_cues BEGIN
  INSERT INTO caption_cues_search (caption_cues_search, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO caption_cues_search (rowid, text) VALUES (new.id, new.text);
END;
