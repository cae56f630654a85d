-- Kept word counts (issue 42's speed goal): the catalogue's list read each page's known shares as a sum
-- over every word of every track against the learner's states (7,000 rows for a page of 50, 6× the list
-- without them). These two tables hold those sums, kept by triggers wherever track_words or word_states
-- change (a state set, a batch, a track's counts replaced, a track or learner removed), so the list reads
-- one row per video and the sums can never drift from the rows they sum, whichever code writes them.
-- Triggers rather than the repositories: every writer (caption saves, the re-segmenting job, word-state
-- batches, cascades of a deletion, the copy to PostgreSQL) is covered without being told.

-- Each track's own sums (no learner): the whole track's and the part a preview shows.
CREATE TABLE track_word_totals (
  submission_id INTEGER NOT NULL,
  language TEXT NOT NULL,
  total INTEGER NOT NULL,
  distinct_keys INTEGER NOT NULL,
  preview_total INTEGER NOT NULL,
  preview_distinct INTEGER NOT NULL,
  PRIMARY KEY (submission_id, language),
  FOREIGN KEY (submission_id, language) REFERENCES caption_tracks (submission_id, language) ON DELETE CASCADE
) WITHOUT ROWID;

-- A learner's sums of a track: tokens whose key is known or ignored (`known`), and distinct keys in any
-- state but new (`not_new`; new_distinct is distinct_keys − not_new), the preview's part apart. A
-- missing row reads as zeros: a track none of whose words the learner has a state for.
CREATE TABLE learner_track_words (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  submission_id INTEGER NOT NULL,
  language TEXT NOT NULL,
  known INTEGER NOT NULL,
  not_new INTEGER NOT NULL,
  preview_known INTEGER NOT NULL,
  preview_not_new INTEGER NOT NULL,
  PRIMARY KEY (user_id, submission_id, language),
  FOREIGN KEY (submission_id, language) REFERENCES caption_tracks (submission_id, language) ON DELETE CASCADE
) WITHOUT ROWID;

-- A track's words written or removed find the learners with a state for each (the triggers below).
CREATE INDEX word_states_key ON word_states (language_code, key);

INSERT INTO track_word_totals (submission_id, language, total, distinct_keys, preview_total, preview_distinct)
  SELECT submission_id, language, sum(count), count(*), sum(preview_count), sum(preview_count > 0) FROM track_words GROUP BY submission_id, language;
INSERT INTO learner_track_words (user_id, submission_id, language, known, not_new, preview_known, preview_not_new)
  SELECT ws.user_id, tw.submission_id, tw.language,
    sum(CASE WHEN ws.state IN ('known', 'ignored') THEN tw.count ELSE 0 END), count(*),
    sum(CASE WHEN ws.state IN ('known', 'ignored') THEN tw.preview_count ELSE 0 END), sum(tw.preview_count > 0)
  FROM track_words tw JOIN word_states ws ON ws.language_code = tw.language AND ws.key = tw.key
  WHERE ws.state <> 'new'
  GROUP BY ws.user_id, tw.submission_id, tw.language;

-- Removals only ever UPDATE (a row exists wherever a removed word counted), so a cascade that already
-- took the sums' row with its track or learner finds nothing to do, and nothing is written back.

CREATE TRIGGER track_words_kept_insert AFTER INSERT ON track_words BEGIN
  INSERT INTO track_word_totals (submission_id, language, total, distinct_keys, preview_total, preview_distinct)
    VALUES (new.submission_id, new.language, new.count, 1, new.preview_count, new.preview_count > 0)
    ON CONFLICT (submission_id, language) DO UPDATE SET
      total = total + excluded.total, distinct_keys = distinct_keys + 1,
      preview_total = preview_total + excluded.preview_total, preview_distinct = preview_distinct + excluded.preview_distinct;
  INSERT INTO learner_track_words (user_id, submission_id, language, known, not_new, preview_known, preview_not_new)
    SELECT ws.user_id, new.submission_id, new.language,
      CASE WHEN ws.state IN ('known', 'ignored') THEN new.count ELSE 0 END, 1,
      CASE WHEN ws.state IN ('known', 'ignored') THEN new.preview_count ELSE 0 END, new.preview_count > 0
    FROM word_states ws WHERE ws.language_code = new.language AND ws.key = new.key AND ws.state <> 'new'
    ON CONFLICT (user_id, submission_id, language) DO UPDATE SET
      known = known + excluded.known, not_new = not_new + 1,
      preview_known = preview_known + excluded.preview_known, preview_not_new = preview_not_new + excluded.preview_not_new;
END;

CREATE TRIGGER track_words_kept_delete AFTER DELETE ON track_words BEGIN
  UPDATE track_word_totals SET
    total = total - old.count, distinct_keys = distinct_keys - 1,
    preview_total = preview_total - old.preview_count, preview_distinct = preview_distinct - (old.preview_count > 0)
    WHERE submission_id = old.submission_id AND language = old.language;
  UPDATE learner_track_words SET
    known = known - (CASE WHEN ws.state IN ('known', 'ignored') THEN old.count ELSE 0 END), not_new = not_new - 1,
    preview_known = preview_known - (CASE WHEN ws.state IN ('known', 'ignored') THEN old.preview_count ELSE 0 END),
    preview_not_new = preview_not_new - (old.preview_count > 0)
    FROM word_states ws
    WHERE ws.language_code = old.language AND ws.key = old.key AND ws.state <> 'new'
      AND learner_track_words.user_id = ws.user_id AND learner_track_words.submission_id = old.submission_id AND learner_track_words.language = old.language;
END;

-- A count changed in place (the repositories replace rows; this keeps any other writer right).
CREATE TRIGGER track_words_kept_update AFTER UPDATE OF count, preview_count ON track_words BEGIN
  UPDATE track_word_totals SET
    total = total + new.count - old.count,
    preview_total = preview_total + new.preview_count - old.preview_count,
    preview_distinct = preview_distinct + (new.preview_count > 0) - (old.preview_count > 0)
    WHERE submission_id = new.submission_id AND language = new.language;
  UPDATE learner_track_words SET
    known = known + (CASE WHEN ws.state IN ('known', 'ignored') THEN new.count - old.count ELSE 0 END),
    preview_known = preview_known + (CASE WHEN ws.state IN ('known', 'ignored') THEN new.preview_count - old.preview_count ELSE 0 END),
    preview_not_new = preview_not_new + (new.preview_count > 0) - (old.preview_count > 0)
    FROM word_states ws
    WHERE ws.language_code = new.language AND ws.key = new.key AND ws.state <> 'new'
      AND learner_track_words.user_id = ws.user_id AND learner_track_words.submission_id = new.submission_id AND learner_track_words.language = new.language;
END;

CREATE TRIGGER word_states_kept_insert AFTER INSERT ON word_states WHEN new.state <> 'new' BEGIN
  INSERT INTO learner_track_words (user_id, submission_id, language, known, not_new, preview_known, preview_not_new)
    SELECT new.user_id, tw.submission_id, tw.language,
      CASE WHEN new.state IN ('known', 'ignored') THEN tw.count ELSE 0 END, 1,
      CASE WHEN new.state IN ('known', 'ignored') THEN tw.preview_count ELSE 0 END, tw.preview_count > 0
    FROM track_words tw WHERE tw.language = new.language_code AND tw.key = new.key
    ON CONFLICT (user_id, submission_id, language) DO UPDATE SET
      known = known + excluded.known, not_new = not_new + 1,
      preview_known = preview_known + excluded.preview_known, preview_not_new = preview_not_new + excluded.preview_not_new;
END;

CREATE TRIGGER word_states_kept_delete AFTER DELETE ON word_states WHEN old.state <> 'new' BEGIN
  UPDATE learner_track_words SET
    known = known - (CASE WHEN old.state IN ('known', 'ignored') THEN tw.count ELSE 0 END), not_new = not_new - 1,
    preview_known = preview_known - (CASE WHEN old.state IN ('known', 'ignored') THEN tw.preview_count ELSE 0 END),
    preview_not_new = preview_not_new - (tw.preview_count > 0)
    FROM track_words tw
    WHERE tw.language = old.language_code AND tw.key = old.key
      AND learner_track_words.user_id = old.user_id AND learner_track_words.submission_id = tw.submission_id AND learner_track_words.language = tw.language;
END;

-- A state changed (the word-states batch's latest-wins upsert): the difference, for each track holding
-- the word. Where no row is yet, the old state was new and counted nothing, so the difference is the row.
CREATE TRIGGER word_states_kept_update AFTER UPDATE OF state ON word_states WHEN old.state <> new.state BEGIN
  INSERT INTO learner_track_words (user_id, submission_id, language, known, not_new, preview_known, preview_not_new)
    SELECT new.user_id, tw.submission_id, tw.language,
      (CASE WHEN new.state IN ('known', 'ignored') THEN tw.count ELSE 0 END) - (CASE WHEN old.state IN ('known', 'ignored') THEN tw.count ELSE 0 END),
      (new.state <> 'new') - (old.state <> 'new'),
      (CASE WHEN new.state IN ('known', 'ignored') THEN tw.preview_count ELSE 0 END) - (CASE WHEN old.state IN ('known', 'ignored') THEN tw.preview_count ELSE 0 END),
      ((new.state <> 'new') - (old.state <> 'new')) * (tw.preview_count > 0)
    FROM track_words tw WHERE tw.language = new.language_code AND tw.key = new.key
    ON CONFLICT (user_id, submission_id, language) DO UPDATE SET
      known = known + excluded.known, not_new = not_new + excluded.not_new,
      preview_known = preview_known + excluded.preview_known, preview_not_new = preview_not_new + excluded.preview_not_new;
END;
