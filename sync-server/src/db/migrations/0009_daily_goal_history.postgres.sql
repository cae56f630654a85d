-- PostgreSQL twin of 0009_daily_goal_history.sqlite.sql, seeding included (a database copied from
-- SQLite arrives already migrated, so on PostgreSQL the seed normally finds no rows).
CREATE TABLE daily_goal_changes (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  goal_minutes INTEGER NOT NULL CHECK (goal_minutes BETWEEN 1 AND 720),
  PRIMARY KEY (user_id, day)
);

INSERT INTO daily_goal_changes (user_id, day, goal_minutes)
SELECT user_id, day, goal_minutes
FROM (
  SELECT user_id, day, goal_minutes,
         LAG(goal_minutes) OVER (PARTITION BY user_id ORDER BY day) AS goal_before
  FROM daily_totals
) AS totals
WHERE goal_minutes <> COALESCE(goal_before, 15);

-- SQLite's date(created_at) of an ISO string in UTC is its first ten characters.
INSERT INTO daily_goal_changes (user_id, day, goal_minutes)
SELECT u.id,
       COALESCE((SELECT MAX(c.day) FROM daily_goal_changes c WHERE c.user_id = u.id), substr(u.created_at, 1, 10)),
       u.daily_goal_minutes
FROM users u
WHERE u.daily_goal_minutes <> COALESCE(
  (SELECT c.goal_minutes FROM daily_goal_changes c WHERE c.user_id = u.id ORDER BY c.day DESC LIMIT 1),
  15)
ON CONFLICT (user_id, day) DO UPDATE SET goal_minutes = excluded.goal_minutes;
