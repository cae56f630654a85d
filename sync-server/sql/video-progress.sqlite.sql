-- The SQL sync-server/src/repositories/video-progress.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- video-progress.get(1, 2)
select *
from "video_progress"
where "user_id" = ? and "video_id" = ?;
-- parameters: [1,2]

-- video-progress.save({"user_id":1,"video_id":2,"spans":"spans-3","covered_seconds":4,"watch_seconds":5,"last_position_seconds":6,"last_watched_at":"2026-01-15T12:00:00.000Z"})
insert into "video_progress" ("user_id", "video_id", "spans", "covered_seconds", "watch_seconds", "last_position_seconds", "last_watched_at")
values (?, ?, ?, ?, ?, ?, ?)
on conflict ("user_id", "video_id") do update
set "spans" = "excluded"."spans", "covered_seconds" = "excluded"."covered_seconds", "watch_seconds" = "excluded"."watch_seconds", "last_position_seconds" = "excluded"."last_position_seconds", "last_watched_at" = "excluded"."last_watched_at";
-- parameters: [1,2,"spans-3",4,5,6,"2026-01-15T12:00:00.000Z"]

-- video-progress.forLanguage(1, "vi")
select "p".*, "v"."duration_seconds"
from "video_progress" as "p"
inner join "videos" as "v" on "v"."id" = "p"."video_id"
where "p"."user_id" = ? and "v"."language_code" = ?
order by "p"."last_watched_at" desc;
-- parameters: [1,"vi"]

-- video-progress.watchSecondsInLanguage(1, "vi")
select coalesce(sum("p"."watch_seconds"), 0) as "seconds"
from "video_progress" as "p"
inner join "videos" as "v" on "v"."id" = "p"."video_id"
where "p"."user_id" = ? and "v"."language_code" = ?;
-- parameters: [1,"vi"]

-- video-progress.forVideos(1, [2,3])
select *
from "video_progress"
where "user_id" = ? and "video_id" in (?, ?);
-- parameters: [1,2,3]
