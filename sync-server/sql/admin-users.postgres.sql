-- The SQL sync-server/src/repositories/admin-users.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- admin-users.list({"q":"q-1","after":{"created":"created-2","id":3},"limit":4})
select *
from "users"
where "deleted_at" is null and "users"."id" IN (SELECT id FROM "users" WHERE (search_fold("email") LIKE '%' || search_fold($1) || '%' ESCAPE '\' OR search_fold("display_name") LIKE '%' || search_fold($2) || '%' ESCAPE '\')) and ("created_at" < $3 or ("created_at" = $4 and "id" < $5))
order by "created_at" desc, "id" desc
limit $6;
-- parameters: ["q-1","q-1","created-2","created-2",3,4]

-- admin-users.rename(1, "name-2")
update "users"
set "display_name" = $1
where "id" = $2 and "deleted_at" is null
returning *;
-- parameters: ["name-2",1]

-- admin-users.setContributor(1, true)
update "users"
set "is_contributor" = $1
where "id" = $2 and "deleted_at" is null
returning *;
-- parameters: [1,1]
