-- The SQL sync-server/src/repositories/track-words.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- track-words.replaceCounts(1, "vi", [{"key":"key-2","count":3,"preview_count":4},{"key":"key-5","count":6,"preview_count":7}], 8, 9)
delete from "track_words"
where "submission_id" = ? and "language" = ?;
-- parameters: [1,"vi"]

insert into "track_words" ("submission_id", "language", "key", "count", "preview_count")
values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?);
-- parameters: [1,"vi","key-2",3,4,1,"vi","key-5",6,7]

update "caption_tracks"
set "lexicon_version" = ?, "preview_seconds" = ?
where "submission_id" = ? and "language" = ?;
-- parameters: [8,9,1,"vi"]

-- track-words.clear(1, "vi")
delete from "track_words"
where "submission_id" = ? and "language" = ?;
-- parameters: [1,"vi"]

update "caption_tracks"
set "lexicon_version" = ?, "preview_seconds" = ?
where "submission_id" = ? and "language" = ?;
-- parameters: [null,null,1,"vi"]

-- track-words.setCueTokens([{"id":1,"tokens":"tokens-2"},{"id":3,"tokens":"tokens-4"}])
update "caption_cues"
set "tokens" = ?
where "id" = ?;
-- parameters: ["tokens-2",1]

update "caption_cues"
set "tokens" = ?
where "id" = ?;
-- parameters: ["tokens-4",3]

-- track-words.cuesOf(1, "vi")
select "cc"."id", "cc"."start_seconds", "cc"."text"
from "caption_cues" as "cc"
inner join "caption_tracks" as "ct" on "ct"."submission_id" = "cc"."submission_id" and "ct"."language" = "cc"."language" and "ct"."generation" = "cc"."generation"
where "cc"."submission_id" = ? and "cc"."language" = ?
order by "cc"."start_seconds", "cc"."id";
-- parameters: [1,"vi"]

-- track-words.staleTracks("vi", 1, 2)
select "ct"."submission_id", "ct"."language"
from "caption_tracks" as "ct"
inner join "submissions" as "s" on "s"."id" = "ct"."submission_id"
where "s"."language_code" = ? and "ct"."language" = "s"."language_code" and ("ct"."lexicon_version" is null or "ct"."lexicon_version" <> ? or "ct"."preview_seconds" is null or "ct"."preview_seconds" <> ?)
order by "ct"."submission_id";
-- parameters: ["vi",1,2]

-- track-words.countsOf(1, "vi")
select "key", "count", "preview_count"
from "track_words"
where "submission_id" = ? and "language" = ?
order by "count" desc, "key";
-- parameters: [1,"vi"]

-- track-words.sums(1, [{"submissionId":2,"language":"vi"},{"submissionId":3,"language":"vi"}])
select "t"."submission_id", "t"."total" as "kept_total", "t"."distinct_keys" as "kept_distinct", "t"."preview_total" as "kept_preview_total", "t"."preview_distinct" as "kept_preview_distinct", "l"."known" as "kept_known", "l"."not_new" as "kept_not_new", "l"."preview_known" as "kept_preview_known", "l"."preview_not_new" as "kept_preview_not_new"
from "track_word_totals" as "t"
left join "learner_track_words" as "l" on "l"."user_id" = ? and "l"."submission_id" = "t"."submission_id" and "l"."language" = "t"."language"
where "t"."submission_id" in (?, ?) and "t"."language" = ? and "t"."distinct_keys" > ?;
-- parameters: [1,2,3,"vi",0]

-- track-words.common("vi", true, 1, 2)
select "tw"."key", sum(tw.count) as "count"
from "track_words" as "tw"
inner join "videos" as "v" on "v"."submission_id" = "tw"."submission_id"
where "v"."language_code" = ? and "v"."published_at" is not null and "tw"."language" = "v"."language_code"
group by "tw"."key"
having sum(tw.count) > ?
order by "count" desc, "tw"."key"
limit ?
offset ?;
-- parameters: ["vi",0,1,2]
