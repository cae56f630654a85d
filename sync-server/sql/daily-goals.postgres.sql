-- The SQL sync-server/src/repositories/daily-goals.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- daily-goals.recordChange(1, "2026-01-15", 2)
insert into "daily_goal_changes" ("user_id", "day", "goal_minutes")
values ($1, $2, $3)
on conflict ("user_id", "day") do update
set "goal_minutes" = "excluded"."goal_minutes";
-- parameters: [1,"2026-01-15",2]

-- daily-goals.changes(1)
select "day", "goal_minutes"
from "daily_goal_changes"
where "user_id" = $1
order by "day";
-- parameters: [1]

-- daily-goals.inForceOn(1, "2026-01-15")
select "goal_minutes"
from "daily_goal_changes"
where "user_id" = $1 and "day" <= $2
order by "day" desc
limit $3;
-- parameters: [1,"2026-01-15",1]
