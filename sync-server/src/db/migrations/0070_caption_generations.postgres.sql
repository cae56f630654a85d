-- Caption tracks written in generations (issue 45 item 5): a track's new cues are written in short
-- batches under a new generation number while readers keep reading the track's current one, then the
-- track switches to the new generation in one write and the old cues are removed afterwards. So a
-- cue may exist before its track does (a first upload), and the cue's foreign key names the
-- submission, not the track: a track removed leaves its cues to be deleted by the repository, a
-- submission removed still takes them with it. A cue counts only while its generation is its track's.
ALTER TABLE caption_tracks ADD COLUMN generation BIGINT NOT NULL DEFAULT 0;
ALTER TABLE caption_cues ADD COLUMN generation BIGINT NOT NULL DEFAULT 0;
ALTER TABLE caption_cues DROP CONSTRAINT caption_cues_submission_id_language_fkey;
ALTER TABLE caption_cues ADD CONSTRAINT caption_cues_submission_fkey FOREIGN KEY (submission_id) REFERENCES submissions (id) ON DELETE CASCADE;
