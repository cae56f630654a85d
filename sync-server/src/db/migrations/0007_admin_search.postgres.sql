-- PostgreSQL twin of 0007_admin_search.sqlite.sql: the same substring search without FTS5. pg_trgm's
-- GIN indexes answer `LIKE '%text%'` (three characters or more) from trigrams; the indexed
-- expression folds case and accents as FTS5's `trigram remove_diacritics 1` does ("pho" finds
-- "Phở"), so queries must compare search_fold(column) with search_fold(text) to use them
-- (db/dialect/text-search.ts). Both extensions are trusted: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE (its dictionary could change), so an index needs this IMMUTABLE wrapper
-- naming the dictionary explicitly. It keeps the search_path of its creation, so it finds unaccent
-- wherever it is called from (autovacuum, pg_restore).
CREATE FUNCTION search_fold(value TEXT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  SET search_path FROM CURRENT
  AS $$ SELECT lower(unaccent('unaccent'::regdictionary, value)) $$;

CREATE INDEX users_search_email ON users USING gin (search_fold(email) gin_trgm_ops);
CREATE INDEX users_search_display_name ON users USING gin (search_fold(display_name) gin_trgm_ops);
CREATE INDEX feedback_search ON user_feedbacks USING gin (search_fold(feedback) gin_trgm_ops);
CREATE INDEX videos_search_title ON videos USING gin (search_fold(title) gin_trgm_ops);
CREATE INDEX videos_search_youtube_id ON videos USING gin (search_fold(youtube_id) gin_trgm_ops);
