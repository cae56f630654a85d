-- Feedback by its sender (0012: 0011 is the job leases). The admin search asks for feedback whose text OR whose sender's e-mail
-- matches (db/dialect/text-search.ts); without this index the e-mail half could only be answered by
-- walking every feedback row (93 ms at 100,000 on SQLite), with it both halves are index lookups
-- (0.15 ms). Deleting a user (ON DELETE CASCADE) finds their feedback through it too.
CREATE INDEX IF NOT EXISTS user_feedbacks_user ON user_feedbacks (user_id);
