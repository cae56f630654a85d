-- The SQL sync-server/src/repositories/publishing.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- publishing.seriesOfLanguage("code-1")
select "s"."id", "s"."name", "s"."description", (select count(*) as "n"
  from "videos" as "v"
  where "v"."series_id" = "s"."id" and "v"."published_at" is not null) as "video_count", COALESCE((SELECT MAX(v.episode_number) FROM videos v WHERE v.series_id = s.id), 0) + 1 as "next_episode_number"
from "series" as "s"
where "s"."language_code" = $1
order by lower(s.name), "s"."id";
-- parameters: ["code-1"]

-- publishing.findSeries(1)
select "id", "language_code", "name", "description"
from "series"
where "id" = $1;
-- parameters: [1]

-- publishing.findSeriesByName("code-1", "name-2")
select "id", "language_code", "name", "description"
from "series"
where "language_code" = $1 and lower(name) = lower($2);
-- parameters: ["code-1","name-2"]

-- publishing.insertSeries("code-1", "name-2", "description-3", "2026-01-15T12:00:00.000Z")
insert into "series" ("language_code", "name", "description", "created_at")
values ($1, $2, $3, $4)
returning "id";
-- parameters: ["code-1","name-2","description-3","2026-01-15T12:00:00.000Z"]

-- publishing.nextEpisodeNumber(1)
select COALESCE(MAX(episode_number), 0) + 1 as "n"
from "videos"
where "series_id" = $1;
-- parameters: [1]

-- publishing.insertVideo({"languageCode":"vi","title":"title-1","description":"description-2","proficiencyLevel":"proficiencyLevel-3","accessLevel":"free","durationSeconds":4,"seriesId":5,"episodeNumber":6,"mediaKey":"mediaKey-7","thumbnailFile":"thumbnailFile-8","youtubeThumbnailFile":"youtubeThumbnailFile-9","youtubeTitle":"youtubeTitle-10","youtubeDescription":"youtubeDescription-11","submissionId":12,"nowIso":"2026-01-15T12:00:00.000Z","dialect":"northern"})
insert into "videos" ("language_code", "title", "description", "proficiency_level", "access_level", "duration_seconds", "published_at", "created_at", "series_id", "episode_number", "media_key", "thumbnail_file", "youtube_thumbnail_file", "youtube_title", "youtube_description", "submission_id", "dialect")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
returning "id";
-- parameters: ["vi","title-1","description-2","proficiencyLevel-3","free",4,"2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z",5,6,"mediaKey-7","thumbnailFile-8","youtubeThumbnailFile-9","youtubeTitle-10","youtubeDescription-11",12,"northern"]

-- publishing.hasAnyVideo()
select "id"
from "videos"
limit $1;
-- parameters: [1]
