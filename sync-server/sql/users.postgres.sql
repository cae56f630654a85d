-- The SQL sync-server/src/repositories/users.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- users.findById(1)
select *
from "users"
where "id" = $1;
-- parameters: [1]

-- users.findByEmail("learner@example.com")
select *
from "users"
where "email" = $1;
-- parameters: ["learner@example.com"]

-- users.create("learner@example.com", true, "2026-01-15T12:00:00.000Z")
insert into "users" ("email", "is_admin", "created_at", "last_sign_in_at")
values ($1, $2, $3, $4)
returning *;
-- parameters: ["learner@example.com",1,"2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z"]

-- users.createOnce("learner@example.com", true, "2026-01-15T12:00:00.000Z")
insert into "users" ("email", "is_admin", "created_at", "last_sign_in_at")
values ($1, $2, $3, $4)
on conflict ("email") do nothing
returning *;
-- parameters: ["learner@example.com",1,"2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z"]

-- users.recordSignIn(1, true, "2026-01-15T12:00:00.000Z")
update "users"
set "last_sign_in_at" = $1, "is_admin" = $2
where "id" = $3 and "deleted_at" is null
returning *;
-- parameters: ["2026-01-15T12:00:00.000Z",1,1]

-- users.setDisplayName(1, "name-2", "2026-01-15T12:00:00.000Z")
update "users"
set "display_name" = $1, "display_name_changed_at" = $2
where "id" = $3 and "deleted_at" is null
returning *;
-- parameters: ["name-2","2026-01-15T12:00:00.000Z",1]

-- users.setDailyGoal(1, 2)
update "users"
set "daily_goal_minutes" = $1
where "id" = $2
returning *;
-- parameters: [2,1]

-- users.setUiLanguage(1, "vi")
update "users"
set "ui_language" = $1
where "id" = $2 and "deleted_at" is null;
-- parameters: ["vi",1]

-- users.setTimeZone(1, "Asia/Ho_Chi_Minh")
update "users"
set "time_zone" = $1
where "id" = $2 and "deleted_at" is null;
-- parameters: ["Asia/Ho_Chi_Minh",1]

-- users.setContributor(1)
update "users"
set "is_contributor" = $1
where "id" = $2
returning *;
-- parameters: [1,1]
