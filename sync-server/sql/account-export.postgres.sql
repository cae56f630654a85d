-- The SQL sync-server/src/repositories/account-export.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- account-export.pagesOf({"section":"section-1","table":"users","owner":"user_id","key":"key-2","onDelete":"erase","omit":["omit-3","omit-4"],"json":["json-5","json-6"],"epochMs":["epochMs-7","epochMs-8"]}, {"id":9,"email":"learner@example.com"}, 10)
select *
from "users"
where "user_id" = $1
order by "key-2"
limit $2;
-- parameters: [9,10]

-- account-export.watchHistoryPages(1, 2)
select "e"."client_id", "e"."occurred_at", "e"."day", "e"."video_id", "v"."title" as "video_title", "e"."watched_seconds", "e"."position_from", "e"."position_to", "e"."playback_rate", "e"."mode"
from "watch_events" as "e"
left join "videos" as "v" on "v"."id" = "e"."video_id"
where "e"."user_id" = $1
order by "e"."client_id"
limit $2;
-- parameters: [1,2]
