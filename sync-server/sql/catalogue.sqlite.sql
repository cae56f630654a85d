-- The SQL sync-server/src/repositories/catalogue.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- catalogue.findForWatching(1)
select "id", "language_code", "access_level", "duration_seconds", "published_at"
from "videos"
where "id" = ?;
-- parameters: [1]

-- catalogue.findPublished(1)
select "v"."id", "v"."language_code", "v"."access_level", "v"."duration_seconds", "v"."published_at", "v"."title", "v"."description", "v"."proficiency_level", "v"."media_key", "v"."thumbnail_file", "v"."youtube_id", "v"."series_id", "s"."name" as "series_name", "v"."episode_number", "v"."submission_id", "v"."dialect", "v"."difficulty", "v"."difficulty_rank", CASE "v"."proficiency_level" WHEN 'introductory' THEN 0 WHEN 'beginner' THEN 1 WHEN 'intermediate' THEN 2 ELSE 3 END as "level_rank"
from "videos" as "v"
left join "series" as "s" on "s"."id" = "v"."series_id"
where "v"."id" = ? and "v"."published_at" is not null;
-- parameters: [1]

-- catalogue.creatorsOf(1)
select "u"."display_name"
from "submission_creators" as "c"
left join "users" as "u" on "u"."email" = "c"."email"
where "c"."submission_id" = ?
order by "c"."email";
-- parameters: [1]

-- catalogue.guidesOf([1,2])
select "c"."submission_id", "u"."id", "u"."display_name"
from "submission_creators" as "c"
inner join "users" as "u" on "u"."email" = "c"."email"
where "c"."submission_id" in (?, ?)
order by "c"."submission_id", "c"."email";
-- parameters: [1,2]

-- catalogue.findPublishedByIds([1,2])
select "v"."id", "v"."language_code", "v"."access_level", "v"."duration_seconds", "v"."published_at", "v"."title", "v"."description", "v"."proficiency_level", "v"."media_key", "v"."thumbnail_file", "v"."youtube_id", "v"."series_id", "s"."name" as "series_name", "v"."episode_number", "v"."submission_id", "v"."dialect", "v"."difficulty", "v"."difficulty_rank", CASE "v"."proficiency_level" WHEN 'introductory' THEN 0 WHEN 'beginner' THEN 1 WHEN 'intermediate' THEN 2 ELSE 3 END as "level_rank"
from "videos" as "v"
left join "series" as "s" on "s"."id" = "v"."series_id"
where "v"."id" in (?, ?) and "v"."published_at" is not null;
-- parameters: [1,2]

-- catalogue.list({"languageCode":"vi","userId":1,"level":"level-2","access":"access-3","seriesId":4,"dialect":"northern","guideId":5,"captions":"vi","query":"query-6","transcriptReach":[{"accessLevel":"free","beforeSeconds":7},{"accessLevel":"free","beforeSeconds":8}],"hideFinished":true,"sort":"difficulty","forLevelRank":9,"difficultyMin":10,"difficultyMax":11,"withKeptSums":true,"after":{"levelRank":12,"publishedAt":"2026-01-15T12:00:00.000Z","id":13,"difficultyRank":14,"forYouRank":15},"limit":16})
select "v"."id", "v"."language_code", "v"."access_level", "v"."duration_seconds", "v"."published_at", "v"."title", "v"."description", "v"."proficiency_level", "v"."media_key", "v"."thumbnail_file", "v"."youtube_id", "v"."series_id", "s"."name" as "series_name", "v"."episode_number", "v"."submission_id", "v"."dialect", "v"."difficulty", "v"."difficulty_rank", CASE "v"."proficiency_level" WHEN 'introductory' THEN 0 WHEN 'beginner' THEN 1 WHEN 'intermediate' THEN 2 ELSE 3 END as "level_rank", "wt"."total" as "kept_total", "wt"."distinct_keys" as "kept_distinct", "wt"."preview_total" as "kept_preview_total", "wt"."preview_distinct" as "kept_preview_distinct", "lw"."known" as "kept_known", "lw"."not_new" as "kept_not_new", "lw"."preview_known" as "kept_preview_known", "lw"."preview_not_new" as "kept_preview_not_new"
from "videos" as "v"
left join "series" as "s" on "s"."id" = "v"."series_id"
left join "track_word_totals" as "wt" on "wt"."submission_id" = "v"."submission_id" and "wt"."language" = "v"."language_code" and "wt"."distinct_keys" > ?
left join "learner_track_words" as "lw" on "lw"."user_id" = ? and "lw"."submission_id" = "v"."submission_id" and "lw"."language" = "v"."language_code"
where "v"."language_code" = ? and "v"."published_at" is not null and "v"."proficiency_level" = ? and "v"."access_level" = ? and "v"."series_id" = ? and "v"."dialect" = ? and "v"."submission_id" in (select "c"."submission_id"
  from "submission_creators" as "c"
  inner join "users" as "g" on "g"."email" = "c"."email"
  where "g"."id" = ?) and "v"."submission_id" in (select "t"."submission_id"
  from "caption_tracks" as "t"
  where "t"."language" = ?) and ("v"."id" IN (SELECT rowid FROM "videos_search" WHERE "videos_search" MATCH ?) or exists (select "cc"."id"
    from "caption_cues" as "cc"
    inner join "caption_tracks" as "ct" on "ct"."submission_id" = "cc"."submission_id" and "ct"."language" = "cc"."language" and "ct"."generation" = "cc"."generation"
    where "cc"."submission_id" = "v"."submission_id" and "cc"."id" IN (SELECT rowid FROM "caption_cues_search" WHERE "caption_cues_search" MATCH ?) and (("v"."access_level" = ? and "cc"."start_seconds" < ?) or ("v"."access_level" = ? and "cc"."start_seconds" < ?)))) and not exists (select "p"."video_id"
  from "video_progress" as "p"
  where "p"."user_id" = ? and "p"."video_id" = "v"."id" and "v"."duration_seconds" > ? and "p"."covered_seconds" >= 0.9 * "v"."duration_seconds") and "v"."difficulty_rank" >= ? and "v"."difficulty_rank" <= ? and ("v"."difficulty_rank" >= ? and ("v"."difficulty_rank" > ? or ("v"."difficulty_rank" = ? and ("v"."published_at" < ? or ("v"."published_at" = ? and "v"."id" < ?)))))
order by "v"."difficulty_rank", "v"."published_at" desc, "v"."id" desc
limit ?;
-- parameters: [0,1,"vi","level-2","access-3",4,"northern",5,"vi","{title} : \"query-6\"","\"query-6\"","free",7,"free",8,1,0,10,11,14,14,14,"2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z",13,16]

-- catalogue.listQuery({"languageCode":"vi","userId":1,"level":"level-2","access":"access-3","seriesId":4,"dialect":"northern","guideId":5,"captions":"vi","query":"query-6","transcriptReach":[{"accessLevel":"free","beforeSeconds":7},{"accessLevel":"free","beforeSeconds":8}],"hideFinished":true,"sort":"difficulty","forLevelRank":9,"difficultyMin":10,"difficultyMax":11,"withKeptSums":true,"after":{"levelRank":12,"publishedAt":"2026-01-15T12:00:00.000Z","id":13,"difficultyRank":14,"forYouRank":15},"limit":16})
select "v"."id", "v"."language_code", "v"."access_level", "v"."duration_seconds", "v"."published_at", "v"."title", "v"."description", "v"."proficiency_level", "v"."media_key", "v"."thumbnail_file", "v"."youtube_id", "v"."series_id", "s"."name" as "series_name", "v"."episode_number", "v"."submission_id", "v"."dialect", "v"."difficulty", "v"."difficulty_rank", CASE "v"."proficiency_level" WHEN 'introductory' THEN 0 WHEN 'beginner' THEN 1 WHEN 'intermediate' THEN 2 ELSE 3 END as "level_rank", "wt"."total" as "kept_total", "wt"."distinct_keys" as "kept_distinct", "wt"."preview_total" as "kept_preview_total", "wt"."preview_distinct" as "kept_preview_distinct", "lw"."known" as "kept_known", "lw"."not_new" as "kept_not_new", "lw"."preview_known" as "kept_preview_known", "lw"."preview_not_new" as "kept_preview_not_new"
from "videos" as "v"
left join "series" as "s" on "s"."id" = "v"."series_id"
left join "track_word_totals" as "wt" on "wt"."submission_id" = "v"."submission_id" and "wt"."language" = "v"."language_code" and "wt"."distinct_keys" > ?
left join "learner_track_words" as "lw" on "lw"."user_id" = ? and "lw"."submission_id" = "v"."submission_id" and "lw"."language" = "v"."language_code"
where "v"."language_code" = ? and "v"."published_at" is not null and "v"."proficiency_level" = ? and "v"."access_level" = ? and "v"."series_id" = ? and "v"."dialect" = ? and "v"."submission_id" in (select "c"."submission_id"
  from "submission_creators" as "c"
  inner join "users" as "g" on "g"."email" = "c"."email"
  where "g"."id" = ?) and "v"."submission_id" in (select "t"."submission_id"
  from "caption_tracks" as "t"
  where "t"."language" = ?) and ("v"."id" IN (SELECT rowid FROM "videos_search" WHERE "videos_search" MATCH ?) or exists (select "cc"."id"
    from "caption_cues" as "cc"
    inner join "caption_tracks" as "ct" on "ct"."submission_id" = "cc"."submission_id" and "ct"."language" = "cc"."language" and "ct"."generation" = "cc"."generation"
    where "cc"."submission_id" = "v"."submission_id" and "cc"."id" IN (SELECT rowid FROM "caption_cues_search" WHERE "caption_cues_search" MATCH ?) and (("v"."access_level" = ? and "cc"."start_seconds" < ?) or ("v"."access_level" = ? and "cc"."start_seconds" < ?)))) and not exists (select "p"."video_id"
  from "video_progress" as "p"
  where "p"."user_id" = ? and "p"."video_id" = "v"."id" and "v"."duration_seconds" > ? and "p"."covered_seconds" >= 0.9 * "v"."duration_seconds") and "v"."difficulty_rank" >= ? and "v"."difficulty_rank" <= ? and ("v"."difficulty_rank" >= ? and ("v"."difficulty_rank" > ? or ("v"."difficulty_rank" = ? and ("v"."published_at" < ? or ("v"."published_at" = ? and "v"."id" < ?)))))
order by "v"."difficulty_rank", "v"."published_at" desc, "v"."id" desc
limit ?;
-- parameters: [0,1,"vi","level-2","access-3",4,"northern",5,"vi","{title} : \"query-6\"","\"query-6\"","free",7,"free",8,1,0,10,11,14,14,14,"2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z",13,16]
