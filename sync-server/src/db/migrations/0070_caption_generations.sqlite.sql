-- Caption tracks written in generations (issue 45 item 5): a track's new cues are written in short
-- batches under a new generation number while readers keep reading the track's current one, then the
-- track switches to the new generation in one write and the old cues are removed afterwards. So a
-- cue may exist before its track does (a first upload), and the cue's foreign key names the
-- submission, not the track: a track removed leaves its cues to be deleted by the repository, a
-- submission removed still takes them with it. A cue counts only while its generation is its track's.
ALTER TABLE caption_tracks ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;

CREATE TABLE caption_cues_0070 (
  id INTEGER PRIMARY KEY,
  submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  start_seconds REAL NOT NULL,
  end_seconds REAL NOT NULL,
  text TEXT NOT NULL,
  tokens TEXT,
  generation INTEGER NOT NULL DEFAULT 0
);
INSERT INTO caption_cues_0070 (id, submission_id, language, start_seconds, end_seconds, text, tokens)
  SELECT id, submission_id, language, start_seconds, end_seconds, text, tokens FROM caption_cues;
-- The triggers go with the table (none fires); the FTS5 index keeps its rows: same ids, same text.
DROP TABLE caption_cues;
ALTER TABLE caption_cues_0070 RENAME TO caption_cues;
CREATE INDEX caption_cues_track ON caption_cues (submission_id, language, start_seconds);
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
