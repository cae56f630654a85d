-- Each user's covered watch time: the union of the wall-clock intervals their stored watch events
-- cover ([occurred_at - watched_seconds, occurred_at]), in epoch milliseconds, as disjoint intervals
-- (touching ones joined). Counted time is what an event adds to it, so parallel tabs or replayed
-- stretches never count twice (watching/covered-time.ts). The PostgreSQL twin of the SQLite file:
-- BIGINT times, a plain table (no WITHOUT ROWID), epoch from the ISO text by timestamptz.
CREATE TABLE watch_coverage (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  start_ms BIGINT NOT NULL,
  end_ms BIGINT NOT NULL CHECK (end_ms > start_ms),
  PRIMARY KEY (user_id, start_ms)
);

-- The events stored so far, joined into islands: an interval starts a new island when it begins after
-- every earlier one (by start) has ended.
INSERT INTO watch_coverage (user_id, start_ms, end_ms)
WITH intervals AS (
  SELECT user_id,
         round(extract(epoch FROM occurred_at::timestamptz) * 1000)::bigint - round(watched_seconds * 1000)::bigint AS start_ms,
         round(extract(epoch FROM occurred_at::timestamptz) * 1000)::bigint AS end_ms
  FROM watch_events
  WHERE watched_seconds > 0
), marked AS (
  SELECT user_id, start_ms, end_ms,
         CASE WHEN start_ms <= MAX(end_ms) OVER (PARTITION BY user_id ORDER BY start_ms, end_ms ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
              THEN 0 ELSE 1 END AS new_island
  FROM intervals
), numbered AS (
  SELECT user_id, start_ms, end_ms,
         SUM(new_island) OVER (PARTITION BY user_id ORDER BY start_ms, end_ms ROWS UNBOUNDED PRECEDING) AS island
  FROM marked
)
SELECT user_id, MIN(start_ms), MAX(end_ms) FROM numbered GROUP BY user_id, island;

-- No local day holds more than 24 hours (days counted before this rule may have).
UPDATE daily_totals SET watch_seconds = 86400 WHERE watch_seconds > 86400;
