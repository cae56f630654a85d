-- The SQL sync-server/src/repositories/daily-totals.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- daily-totals.addSeconds(1, "2026-01-15", 2, 3, 4)
insert into "daily_totals" ("user_id", "day", "watch_seconds", "listen_seconds", "goal_minutes")
values (?, ?, ?, ?, ?)
on conflict ("user_id", "day") do update
set "watch_seconds" = CASE WHEN daily_totals.watch_seconds + excluded.watch_seconds > 86400 THEN 86400 ELSE daily_totals.watch_seconds + excluded.watch_seconds END, "listen_seconds" = CASE WHEN daily_totals.listen_seconds + excluded.listen_seconds > 86400 THEN 86400 ELSE daily_totals.listen_seconds + excluded.listen_seconds END;
-- parameters: [1,"2026-01-15",2,4,3]

-- daily-totals.allForUser(1)
select "day", "watch_seconds", "listen_seconds", "goal_minutes"
from "daily_totals"
where "user_id" = ?
order by "day";
-- parameters: [1]

-- daily-totals.watchSeconds(1, "2026-01-15")
select "watch_seconds"
from "daily_totals"
where "user_id" = ? and "day" = ?;
-- parameters: [1,"2026-01-15"]

-- daily-totals.recordGoalForDay(1, "2026-01-15", 2)
insert into "daily_totals" ("user_id", "day", "goal_minutes")
values (?, ?, ?)
on conflict ("user_id", "day") do update
set "goal_minutes" = "excluded"."goal_minutes";
-- parameters: [1,"2026-01-15",2]
