-- The SQL sync-server/src/repositories/users.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- users.findById(1)
select *
from "users"
where "id" = ?;
-- parameters: [1]

-- users.findByEmail("learner@example.com")
select *
from "users"
where "email" = ?;
-- parameters: ["learner@example.com"]

-- users.create("learner@example.com", true, "2026-01-15T12:00:00.000Z")
insert into "users" ("email", "is_admin", "created_at", "last_sign_in_at")
values (?, ?, ?, ?)
returning *;
-- parameters: ["learner@example.com",1,"2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z"]

-- users.createOnce("learner@example.com", true, "2026-01-15T12:00:00.000Z")
insert into "users" ("email", "is_admin", "created_at", "last_sign_in_at")
values (?, ?, ?, ?)
on conflict ("email") do nothing
returning *;
-- parameters: ["learner@example.com",1,"2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z"]

-- users.recordSignIn(1, true, "2026-01-15T12:00:00.000Z")
update "users"
set "last_sign_in_at" = ?, "is_admin" = ?
where "id" = ? and "deleted_at" is null
returning *;
-- parameters: ["2026-01-15T12:00:00.000Z",1,1]

-- users.setDisplayName(1, "name-2", "2026-01-15T12:00:00.000Z")
update "users"
set "display_name" = ?, "display_name_changed_at" = ?
where "id" = ? and "deleted_at" is null
returning *;
-- parameters: ["name-2","2026-01-15T12:00:00.000Z",1]

-- users.setDailyGoal(1, 2)
update "users"
set "daily_goal_minutes" = ?
where "id" = ?
returning *;
-- parameters: [2,1]

-- users.setUiLanguage(1, "vi")
update "users"
set "ui_language" = ?
where "id" = ? and "deleted_at" is null;
-- parameters: ["vi",1]

-- users.setTimeZone(1, "Asia/Ho_Chi_Minh")
update "users"
set "time_zone" = ?
where "id" = ? and "deleted_at" is null;
-- parameters: ["Asia/Ho_Chi_Minh",1]

-- users.setContributor(1)
update "users"
set "is_contributor" = ?
where "id" = ?
returning *;
-- parameters: [1,1]
