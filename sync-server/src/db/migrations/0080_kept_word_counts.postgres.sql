-- Kept word counts (issue 42's speed goal): see 0080_kept_word_counts.sqlite.sql for why. The same two
-- tables, kept by the same triggers, written as PL/pgSQL functions. Concurrent writers add their
-- differences to a row under its row lock (INSERT … ON CONFLICT DO UPDATE), so none is lost.

CREATE TABLE track_word_totals (
  submission_id BIGINT NOT NULL,
  language TEXT NOT NULL,
  total INTEGER NOT NULL,
  distinct_keys INTEGER NOT NULL,
  preview_total INTEGER NOT NULL,
  preview_distinct INTEGER NOT NULL,
  PRIMARY KEY (submission_id, language),
  FOREIGN KEY (submission_id, language) REFERENCES caption_tracks (submission_id, language) ON DELETE CASCADE
);

CREATE TABLE learner_track_words (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  submission_id BIGINT NOT NULL,
  language TEXT NOT NULL,
  known INTEGER NOT NULL,
  not_new INTEGER NOT NULL,
  preview_known INTEGER NOT NULL,
  preview_not_new INTEGER NOT NULL,
  PRIMARY KEY (user_id, submission_id, language),
  FOREIGN KEY (submission_id, language) REFERENCES caption_tracks (submission_id, language) ON DELETE CASCADE
);
CREATE INDEX learner_track_words_track ON learner_track_words (submission_id, language);

CREATE INDEX word_states_key ON word_states (language_code, key);

INSERT INTO track_word_totals (submission_id, language, total, distinct_keys, preview_total, preview_distinct)
  SELECT submission_id, language, sum(count), count(*), sum(preview_count), count(*) FILTER (WHERE preview_count > 0) FROM track_words GROUP BY submission_id, language;
INSERT INTO learner_track_words (user_id, submission_id, language, known, not_new, preview_known, preview_not_new)
  SELECT ws.user_id, tw.submission_id, tw.language,
    sum(CASE WHEN ws.state IN ('known', 'ignored') THEN tw.count ELSE 0 END), count(*),
    sum(CASE WHEN ws.state IN ('known', 'ignored') THEN tw.preview_count ELSE 0 END), count(*) FILTER (WHERE tw.preview_count > 0)
  FROM track_words tw JOIN word_states ws ON ws.language_code = tw.language AND ws.key = tw.key
  WHERE ws.state <> 'new'
  GROUP BY ws.user_id, tw.submission_id, tw.language;

-- A word's part of the sums: its tokens when the state counts as known, 1 for a state other than new.
CREATE FUNCTION kept_known(state TEXT, tokens INTEGER) RETURNS INTEGER
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN state IN ('known', 'ignored') THEN tokens ELSE 0 END $$;
CREATE FUNCTION kept_not_new(state TEXT) RETURNS INTEGER
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN state IS NOT NULL AND state <> 'new' THEN 1 ELSE 0 END $$;

-- A track's word added (direction 1) or removed (-1): its totals and the sums of each learner with a
-- state for it. Removals only UPDATE (a row exists wherever a removed word counted), so a cascade that
-- already took the sums' row with its track or learner finds nothing to do.
CREATE FUNCTION kept_track_word(direction INTEGER, word track_words) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF direction > 0 THEN
    INSERT INTO track_word_totals (submission_id, language, total, distinct_keys, preview_total, preview_distinct)
      VALUES (word.submission_id, word.language, word.count, 1, word.preview_count, (word.preview_count > 0)::int)
      ON CONFLICT (submission_id, language) DO UPDATE SET
        total = track_word_totals.total + excluded.total, distinct_keys = track_word_totals.distinct_keys + 1,
        preview_total = track_word_totals.preview_total + excluded.preview_total,
        preview_distinct = track_word_totals.preview_distinct + excluded.preview_distinct;
    INSERT INTO learner_track_words (user_id, submission_id, language, known, not_new, preview_known, preview_not_new)
      SELECT ws.user_id, word.submission_id, word.language, kept_known(ws.state, word.count), 1,
        kept_known(ws.state, word.preview_count), (word.preview_count > 0)::int
      FROM word_states ws WHERE ws.language_code = word.language AND ws.key = word.key AND ws.state <> 'new'
      ON CONFLICT (user_id, submission_id, language) DO UPDATE SET
        known = learner_track_words.known + excluded.known, not_new = learner_track_words.not_new + 1,
        preview_known = learner_track_words.preview_known + excluded.preview_known,
        preview_not_new = learner_track_words.preview_not_new + excluded.preview_not_new;
  ELSE
    UPDATE track_word_totals SET
      total = total - word.count, distinct_keys = distinct_keys - 1,
      preview_total = preview_total - word.preview_count, preview_distinct = preview_distinct - (word.preview_count > 0)::int
      WHERE submission_id = word.submission_id AND language = word.language;
    UPDATE learner_track_words l SET
      known = l.known - kept_known(ws.state, word.count), not_new = l.not_new - 1,
      preview_known = l.preview_known - kept_known(ws.state, word.preview_count),
      preview_not_new = l.preview_not_new - (word.preview_count > 0)::int
      FROM word_states ws
      WHERE ws.language_code = word.language AND ws.key = word.key AND ws.state <> 'new'
        AND l.user_id = ws.user_id AND l.submission_id = word.submission_id AND l.language = word.language;
  END IF;
END $$;

CREATE FUNCTION track_words_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM kept_track_word(-1, OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM kept_track_word(1, NEW); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER track_words_kept AFTER INSERT OR DELETE OR UPDATE ON track_words FOR EACH ROW EXECUTE FUNCTION track_words_kept();

-- A learner's state of a word from `old_state` to `new_state` (NULL: no row): the difference, for each track
-- holding the word. Where no row is yet, the old state counted nothing, so the difference is the row.
CREATE FUNCTION kept_word_state(learner BIGINT, word_language TEXT, word_key TEXT, old_state TEXT, new_state TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF kept_not_new(old_state) = 0 AND kept_not_new(new_state) = 0 THEN RETURN; END IF;
  IF kept_not_new(new_state) = 1 THEN
    INSERT INTO learner_track_words (user_id, submission_id, language, known, not_new, preview_known, preview_not_new)
      SELECT learner, tw.submission_id, tw.language,
        kept_known(new_state, tw.count) - kept_known(old_state, tw.count), 1 - kept_not_new(old_state),
        kept_known(new_state, tw.preview_count) - kept_known(old_state, tw.preview_count), (1 - kept_not_new(old_state)) * (tw.preview_count > 0)::int
      FROM track_words tw WHERE tw.language = word_language AND tw.key = word_key
      ON CONFLICT ON CONSTRAINT learner_track_words_pkey DO UPDATE SET
        known = learner_track_words.known + excluded.known, not_new = learner_track_words.not_new + excluded.not_new,
        preview_known = learner_track_words.preview_known + excluded.preview_known,
        preview_not_new = learner_track_words.preview_not_new + excluded.preview_not_new;
  ELSE
    UPDATE learner_track_words l SET
      known = l.known - kept_known(old_state, tw.count), not_new = l.not_new - 1,
      preview_known = l.preview_known - kept_known(old_state, tw.preview_count),
      preview_not_new = l.preview_not_new - (tw.preview_count > 0)::int
      FROM track_words tw
      WHERE tw.language = word_language AND tw.key = word_key
        AND l.user_id = learner AND l.submission_id = tw.submission_id AND l.language = tw.language;
  END IF;
END $$;

CREATE FUNCTION word_states_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_word_state(NEW.user_id, NEW.language_code, NEW.key, NULL, NEW.state);
  ELSIF TG_OP = 'DELETE' THEN PERFORM kept_word_state(OLD.user_id, OLD.language_code, OLD.key, OLD.state, NULL);
  ELSIF OLD.state IS DISTINCT FROM NEW.state THEN PERFORM kept_word_state(NEW.user_id, NEW.language_code, NEW.key, OLD.state, NEW.state);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER word_states_kept AFTER INSERT OR DELETE OR UPDATE ON word_states FOR EACH ROW EXECUTE FUNCTION word_states_kept();
