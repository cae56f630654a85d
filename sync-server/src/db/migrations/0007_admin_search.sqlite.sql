-- Substring search for the admin tables at 100,000+ rows. A LIKE '%text%' scans every row (40-100 ms
-- at 100k); FTS5 trigram indexes answer the same question in about a millisecond, case- and
-- accent-insensitively ("pho" finds "Phở"). External-content tables: the triggers keep them in step.
CREATE VIRTUAL TABLE users_search USING fts5(
  email, display_name, content='users', content_rowid='id', tokenize='trigram remove_diacritics 1'
);
CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
  INSERT INTO users_search (rowid, email, display_name) VALUES (new.id, new.email, new.display_name);
END;
CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
  INSERT INTO users_search (users_search, rowid, email, display_name) VALUES ('delete', old.id, old.email, old.display_name);
END;
CREATE TRIGGER users_search_update AFTER UPDATE OF email, display_name ON users BEGIN
  INSERT INTO users_search (users_search, rowid, email, display_name) VALUES ('delete', old.id, old.email, old.display_name);
  INSERT INTO users_search (rowid, email, display_name) VALUES (new.id, new.email, new.display_name);
END;
INSERT INTO users_search (users_search) VALUES ('rebuild');

CREATE VIRTUAL TABLE feedback_search USING fts5(
  feedback, content='user_feedbacks', content_rowid='id', tokenize='trigram remove_diacritics 1'
);
CREATE TRIGGER feedback_search_insert AFTER INSERT ON user_feedbacks BEGIN
  INSERT INTO feedback_search (rowid, feedback) VALUES (new.id, new.feedback);
END;
CREATE TRIGGER feedback_search_delete AFTER DELETE ON user_feedbacks BEGIN
  INSERT INTO feedback_search (feedback_search, rowid, feedback) VALUES ('delete', old.id, old.feedback);
END;
CREATE TRIGGER feedback_search_update AFTER UPDATE OF feedback ON user_feedbacks BEGIN
  INSERT INTO feedback_search (feedback_search, rowid, feedback) VALUES ('delete', old.id, old.feedback);
  INSERT INTO feedback_search (rowid, feedback) VALUES (new.id, new.feedback);
END;
INSERT INTO feedback_search (feedback_search) VALUES ('rebuild');

CREATE VIRTUAL TABLE videos_search USING fts5(
  title, youtube_id, content='videos', content_rowid='id', tokenize='trigram remove_diacritics 1'
);
CREATE TRIGGER videos_search_insert AFTER INSERT ON videos BEGIN
  INSERT INTO videos_search (rowid, title, youtube_id) VALUES (new.id, new.title, new.youtube_id);
END;
CREATE TRIGGER videos_search_delete AFTER DELETE ON videos BEGIN
  INSERT INTO videos_search (videos_search, rowid, title, youtube_id) VALUES ('delete', old.id, old.title, old.youtube_id);
END;
CREATE TRIGGER videos_search_update AFTER UPDATE OF title, youtube_id ON videos BEGIN
  INSERT INTO videos_search (videos_search, rowid, title, youtube_id) VALUES ('delete', old.id, old.title, old.youtube_id);
  INSERT INTO videos_search (rowid, title, youtube_id) VALUES (new.id, new.title, new.youtube_id);
END;
INSERT INTO videos_search (videos_search) VALUES ('rebuild');
