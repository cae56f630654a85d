-- The SQL sync-server/src/repositories/captions.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- captions.replace({"submissionId":1,"language":"vi","vtt":"vtt-2","cues":[{"start":3,"end":4,"text":"text-5","tokens":"tokens-6"},{"start":7,"end":8,"text":"text-9","tokens":"tokens-10"}],"durationSeconds":11,"nowIso":"2026-01-15T12:00:00.000Z","words":{"tokens":["tokens-12","tokens-13"],"counts":[{"key":"key-14","count":15,"preview_count":16},{"key":"key-17","count":18,"preview_count":19}],"lexiconVersion":20,"previewSeconds":21},"expect":22}, )
select "generation"
from "caption_tracks"
where "submission_id" = $1 and "language" = $2;
-- parameters: [1,"vi"]

-- captions.remove(1, "vi")
select "generation"
from "caption_tracks"
where "submission_id" = $1 and "language" = $2;
-- parameters: [1,"vi"]

-- captions.tracksOf([1,2])
select "submission_id", "language", "cue_count", "duration_seconds"
from "caption_tracks"
where "submission_id" in ($1, $2)
order by "submission_id", "language" desc;
-- parameters: [1,2]

-- captions.stored(1, "vi")
select "vtt", "generation"
from "caption_tracks"
where "submission_id" = $1 and "language" = $2;
-- parameters: [1,"vi"]

-- captions.vtt(1, "vi")
select "vtt"
from "caption_tracks"
where "submission_id" = $1 and "language" = $2;
-- parameters: [1,"vi"]

-- captions.cues(1, "vi", 1768478400000, {"offset":2,"limit":3})
select "cc"."start_seconds" as "start", "cc"."end_seconds" as "end", "cc"."text", "cc"."tokens"
from "caption_cues" as "cc"
inner join "caption_tracks" as "ct" on "ct"."submission_id" = "cc"."submission_id" and "ct"."language" = "cc"."language" and "ct"."generation" = "cc"."generation"
where "cc"."submission_id" = $1 and "cc"."language" = $2 and "cc"."start_seconds" < $3
order by "cc"."start_seconds", "cc"."id"
limit $4
offset $5;
-- parameters: [1,"vi",1768478400000,3,2]

-- captions.firstMatches([1,2], "text-3")
select "cc"."submission_id", "cc"."language", "cc"."start_seconds" as "start", "cc"."end_seconds" as "end", "cc"."text"
from "caption_cues" as "cc"
inner join "caption_tracks" as "ct" on "ct"."submission_id" = "cc"."submission_id" and "ct"."language" = "cc"."language" and "ct"."generation" = "cc"."generation"
where "cc"."submission_id" in ($1, $2) and (search_fold("cc"."text") LIKE '%' || search_fold($3) || '%' ESCAPE '\')
order by "cc"."submission_id", "cc"."language" desc, "cc"."start_seconds";
-- parameters: [1,2,"text-3"]
