-- The language a person reads the app in (issue 41): e-mails to them are written in it. On users, NULL
-- until the app tells us (account preferences sync it); an application records the one it was sent in.
ALTER TABLE users ADD COLUMN ui_language TEXT CHECK (ui_language IN ('en', 'vi'));
ALTER TABLE contributor_applications ADD COLUMN ui_language TEXT NOT NULL DEFAULT 'en' CHECK (ui_language IN ('en', 'vi'));
