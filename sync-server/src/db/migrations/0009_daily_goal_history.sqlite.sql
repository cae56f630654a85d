-- Each user's daily goal as it changed: one row per local day (YYYY-MM-DD in the user's zone, the day
-- daily_totals uses) on which it changed, holding the goal set last that day. The goal in force on a
-- day is that of the latest row on or before it; before a user's first row it was the default, 15.
-- A day's total takes the goal in force that day when its first watch time arrives, however late.
CREATE TABLE daily_goal_changes (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  goal_minutes INTEGER NOT NULL CHECK (goal_minutes BETWEEN 1 AND 720),
  PRIMARY KEY (user_id, day)
) WITHOUT ROWID;

-- Existing users. Until now setting the goal also wrote that day's daily_totals row, and a day's first
-- watch time stamped its row with the goal of that moment, so those rows are the record there is of
-- the goal by day: a row whose goal differs from the day before it (from the default for the first
-- one) marks a change.
INSERT INTO daily_goal_changes (user_id, day, goal_minutes)
SELECT user_id, day, goal_minutes
FROM (
  SELECT user_id, day, goal_minutes,
         LAG(goal_minutes) OVER (PARTITION BY user_id ORDER BY day) AS goal_before
  FROM daily_totals
)
WHERE goal_minutes <> COALESCE(goal_before, 15);

-- A goal that the rows do not end on was changed outside the app (the app always wrote a row): it is
-- taken as in force from the last recorded change (the last change of a day rules it), or from the
-- day the account began when nothing was recorded.
INSERT INTO daily_goal_changes (user_id, day, goal_minutes)
SELECT u.id,
       COALESCE((SELECT MAX(c.day) FROM daily_goal_changes c WHERE c.user_id = u.id), date(u.created_at)),
       u.daily_goal_minutes
FROM users u
WHERE u.daily_goal_minutes <> COALESCE(
  (SELECT c.goal_minutes FROM daily_goal_changes c WHERE c.user_id = u.id ORDER BY c.day DESC LIMIT 1),
  15)
ON CONFLICT (user_id, day) DO UPDATE SET goal_minutes = excluded.goal_minutes;
