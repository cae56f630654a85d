-- Commute mode (issue 31): time spent listening to a video's audio alone counts toward the daily goal
-- exactly as watching does (the same events, counted once per wall-clock second), and is told apart.
-- Each event says how it was spent; a day's total keeps the listened part of its watch_seconds.
ALTER TABLE watch_events ADD COLUMN mode TEXT NOT NULL DEFAULT 'watched' CHECK (mode IN ('watched', 'listened'));
ALTER TABLE daily_totals ADD COLUMN listen_seconds DOUBLE PRECISION NOT NULL DEFAULT 0;
