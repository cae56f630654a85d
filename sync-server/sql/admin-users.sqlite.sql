-- The SQL sync-server/src/repositories/admin-users.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- admin-users.list({"q":"q-1","after":{"created":"created-2","id":3},"limit":4})
select *
from "users"
where "deleted_at" is null and "users"."id" IN (SELECT rowid FROM "users_search" WHERE "users_search" MATCH ?) and ("created_at" < ? or ("created_at" = ? and "id" < ?))
order by "created_at" desc, "id" desc
limit ?;
-- parameters: ["\"q-1\"","created-2","created-2",3,4]

-- admin-users.rename(1, "name-2")
update "users"
set "display_name" = ?
where "id" = ? and "deleted_at" is null
returning *;
-- parameters: ["name-2",1]

-- admin-users.setContributor(1, true)
update "users"
set "is_contributor" = ?
where "id" = ? and "deleted_at" is null
returning *;
-- parameters: [1,1]
