-- Jobs that retry (issue 34). All times stay epoch ms, now read from the database's clock
-- (db/dialect/job-claim.ts), never from a process's own.
-- run_after: a queued job is not claimed before it (the backoff after an error). NULL: at once.
-- claims: every claim counts one, and a hand-back at a clean stop does not undo it, so it names the
--   claim (a lease renewal or the switch to a new ladder guarded by it is this run's). `attempts` is
--   the count of attempts spent: a hand-back gives its attempt back.
-- unique_key: one job per key across the cluster (a periodic job's kind and period), inserted with
--   ON CONFLICT DO NOTHING so two processes scheduling the same period make one row.
ALTER TABLE jobs ADD COLUMN run_after INTEGER;
ALTER TABLE jobs ADD COLUMN claims INTEGER NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN unique_key TEXT;
UPDATE jobs SET claims = attempts;
CREATE UNIQUE INDEX jobs_unique_key ON jobs (unique_key);
CREATE INDEX jobs_state_run_after ON jobs (state, run_after, id);
