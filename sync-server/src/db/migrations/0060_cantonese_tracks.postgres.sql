-- Cantonese tracks (issue 46): a caption track's language is the submission's own or English, so `yue`
-- too; the rule is the service's (services/captions.service.ts), not a list in the table.
ALTER TABLE caption_tracks DROP CONSTRAINT caption_tracks_language_check;
ALTER TABLE caption_tracks ADD CONSTRAINT caption_tracks_language_check CHECK (length(language) BETWEEN 2 AND 8);
