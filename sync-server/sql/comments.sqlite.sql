-- The SQL sync-server/src/repositories/comments.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- comments.page(1, 2, 3)
select "c"."id", "c"."video_id", "c"."text", "c"."created_at", "u"."display_name" as "author_display_name", "u"."deleted_at" as "author_deleted_at"
from "comments" as "c"
inner join "users" as "u" on "u"."id" = "c"."user_id"
where "c"."video_id" = ? and "c"."id" > ?
order by "c"."id"
limit ?;
-- parameters: [1,2,3]

-- comments.insertOnce(1, 2, "clientId-3", "text-4", "2026-01-15T12:00:00.000Z")
insert into "comments" ("video_id", "user_id", "client_id", "text", "created_at")
select ? as "video_id", "id", ? as "client_id", ? as "text", ? as "created_at"
from "users"
where "id" = ? and "deleted_at" is null
on conflict ("user_id", "client_id") do nothing
returning "id";
-- parameters: [1,"clientId-3","text-4","2026-01-15T12:00:00.000Z",2]

select "c"."id", "c"."video_id", "c"."text", "c"."created_at", "u"."display_name" as "author_display_name", "u"."deleted_at" as "author_deleted_at"
from "comments" as "c"
inner join "users" as "u" on "u"."id" = "c"."user_id"
where "c"."user_id" = ? and "c"."client_id" = ?;
-- parameters: [2,"clientId-3"]
