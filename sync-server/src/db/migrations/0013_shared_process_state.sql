-- State that several API processes on one database must agree on (issue 17), moved out of memory.
-- Rate-limit counters: one row per limiter and client key (e.g. 'verify:203.0.113.5'), a fixed window
-- ending at reset_at (epoch ms). A counted request is one upsert (middleware/rate-limit-store.ts);
-- rows past their window are deleted hourly.
CREATE TABLE rate_limit_hits (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  reset_at BIGINT NOT NULL
);
CREATE INDEX rate_limit_hits_reset ON rate_limit_hits (reset_at);
-- Wrong tries against a code from a network other than the one that asked for it, kept apart from
-- wrong_tries so a stranger's guesses never kill the owner's code (services/auth.service.ts). They were
-- counted in process memory, where each API process would have given a stranger its own five.
ALTER TABLE otp_codes ADD COLUMN foreign_wrong_tries INTEGER NOT NULL DEFAULT 0;
