-- The SQL sync-server/src/repositories/learner-compass.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- learner-compass.seriesProgress(1, "vi")
select "s"."id", "s"."name", count(*) as "total", sum(case when "p"."covered_seconds" >= 0.9 * "v"."duration_seconds" AND "v"."duration_seconds" > 0 then 1 else 0 end) as "finished", max("p"."last_watched_at") as "last_watched_at"
from "series" as "s"
inner join "videos" as "v" on "v"."series_id" = "s"."id"
left join "video_progress" as "p" on "p"."video_id" = "v"."id" and "p"."user_id" = $1
where "s"."language_code" = $2 and "v"."published_at" is not null
group by "s"."id", "s"."name"
having max("p"."last_watched_at") is not null
order by "last_watched_at" desc, "s"."id";
-- parameters: [1,"vi"]

-- learner-compass.levelProgress(1, "vi")
select "v"."proficiency_level" as "level", count(*) as "total", sum(case when "p"."covered_seconds" >= 0.9 * "v"."duration_seconds" AND "v"."duration_seconds" > 0 then 1 else 0 end) as "finished"
from "videos" as "v"
left join "video_progress" as "p" on "p"."video_id" = "v"."id" and "p"."user_id" = $1
where "v"."language_code" = $2 and "v"."published_at" is not null
group by "v"."proficiency_level";
-- parameters: [1,"vi"]

-- learner-compass.inputSecondsSince(1, "2026-01-15")
select coalesce(sum("watch_seconds"), 0) as "seconds"
from "daily_totals"
where "user_id" = $1 and "day" >= $2;
-- parameters: [1,"2026-01-15"]

select coalesce(sum("minutes"), 0) as "minutes"
from "outside_hours"
where "user_id" = $1 and "day" >= $2;
-- parameters: [1,"2026-01-15"]

-- learner-compass.nextEpisodes({"userId":1,"languageCode":"vi","mayWatchPremium":true,"unstartedOnly":true,"exclude":[2,3],"limit":4,"seriesId":5,"episodeNumber":6})
select "v"."id", "v"."language_code", "v"."access_level", "v"."duration_seconds", "v"."published_at", "v"."title", "v"."description", "v"."proficiency_level", "v"."media_key", "v"."thumbnail_file", "v"."youtube_id", "v"."series_id", "s"."name" as "series_name", "v"."episode_number", "v"."submission_id", "v"."dialect", "v"."difficulty", "v"."difficulty_rank"
from "videos" as "v"
left join "series" as "s" on "s"."id" = "v"."series_id"
where "v"."language_code" = $1 and "v"."published_at" is not null and not exists (select "p"."video_id"
  from "video_progress" as "p"
  where "p"."user_id" = $2 and "p"."video_id" = "v"."id") and "v"."id" not in ($3, $4) and "v"."series_id" = $5 and "v"."episode_number" > $6
order by "v"."episode_number", "v"."id"
limit $7;
-- parameters: ["vi",1,2,3,5,6,4]

-- learner-compass.nearestDifficulty({"userId":1,"languageCode":"vi","mayWatchPremium":true,"unstartedOnly":true,"exclude":[2,3],"limit":4}, 5)
select "v"."id", "v"."language_code", "v"."access_level", "v"."duration_seconds", "v"."published_at", "v"."title", "v"."description", "v"."proficiency_level", "v"."media_key", "v"."thumbnail_file", "v"."youtube_id", "v"."series_id", "s"."name" as "series_name", "v"."episode_number", "v"."submission_id", "v"."dialect", "v"."difficulty", "v"."difficulty_rank"
from "videos" as "v"
left join "series" as "s" on "s"."id" = "v"."series_id"
where "v"."language_code" = $1 and "v"."published_at" is not null and not exists (select "p"."video_id"
  from "video_progress" as "p"
  where "p"."user_id" = $2 and "p"."video_id" = "v"."id") and "v"."id" not in ($3, $4) and "v"."difficulty_rank" >= $5 and "v"."difficulty_rank" <= $6
order by "v"."difficulty_rank", "v"."published_at" desc, "v"."id" desc
limit $7;
-- parameters: ["vi",1,2,3,5,100,4]

select "v"."id", "v"."language_code", "v"."access_level", "v"."duration_seconds", "v"."published_at", "v"."title", "v"."description", "v"."proficiency_level", "v"."media_key", "v"."thumbnail_file", "v"."youtube_id", "v"."series_id", "s"."name" as "series_name", "v"."episode_number", "v"."submission_id", "v"."dialect", "v"."difficulty", "v"."difficulty_rank"
from "videos" as "v"
left join "series" as "s" on "s"."id" = "v"."series_id"
where "v"."language_code" = $1 and "v"."published_at" is not null and not exists (select "p"."video_id"
  from "video_progress" as "p"
  where "p"."user_id" = $2 and "p"."video_id" = "v"."id") and "v"."id" not in ($3, $4) and "v"."difficulty_rank" < $5
order by "v"."difficulty_rank" desc, "v"."published_at", "v"."id"
limit $6;
-- parameters: ["vi",1,2,3,5,4]

-- learner-compass.ofLevel({"userId":1,"languageCode":"vi","mayWatchPremium":true,"unstartedOnly":true,"exclude":[2,3],"limit":4}, "introductory")
select "v"."id", "v"."language_code", "v"."access_level", "v"."duration_seconds", "v"."published_at", "v"."title", "v"."description", "v"."proficiency_level", "v"."media_key", "v"."thumbnail_file", "v"."youtube_id", "v"."series_id", "s"."name" as "series_name", "v"."episode_number", "v"."submission_id", "v"."dialect", "v"."difficulty", "v"."difficulty_rank"
from "videos" as "v"
left join "series" as "s" on "s"."id" = "v"."series_id"
where "v"."language_code" = $1 and "v"."published_at" is not null and not exists (select "p"."video_id"
  from "video_progress" as "p"
  where "p"."user_id" = $2 and "p"."video_id" = "v"."id") and "v"."id" not in ($3, $4) and "v"."proficiency_level" = $5
order by "v"."difficulty_rank", "v"."published_at" desc, "v"."id" desc
limit $6;
-- parameters: ["vi",1,2,3,"introductory",4]
