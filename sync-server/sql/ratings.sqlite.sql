-- The SQL sync-server/src/repositories/ratings.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- ratings.storedClientIds(1, ["clientIds-2","clientIds-3"])
select "client_id"
from "rating_receipts"
where "user_id" = ? and "client_id" in (?, ?);
-- parameters: [1,"clientIds-2","clientIds-3"]

-- ratings.publishedVideos([1,2])
select "id", "language_code", "proficiency_level", "duration_seconds"
from "videos"
where "id" in (?, ?) and "published_at" is not null;
-- parameters: [1,2]

-- ratings.forVideos(1, [2,3])
select *
from "video_ratings"
where "user_id" = ? and "video_id" in (?, ?);
-- parameters: [1,2,3]

-- ratings.understoodOf(1, [2,3])
select "video_id", "understood"
from "video_ratings"
where "user_id" = ? and "video_id" in (?, ?);
-- parameters: [1,2,3]

-- ratings.forLanguage(1, "vi")
select "r"."video_id", "r"."understood", "v"."difficulty"
from "video_ratings" as "r"
inner join "videos" as "v" on "v"."id" = "r"."video_id"
where "r"."user_id" = ? and "v"."language_code" = ?;
-- parameters: [1,"vi"]

-- ratings.insertReceipts([{"user_id":1,"client_id":"client_id-2","video_id":3},{"user_id":4,"client_id":"client_id-5","video_id":6}])
insert into "rating_receipts" ("user_id", "client_id", "video_id")
values (?, ?, ?), (?, ?, ?)
on conflict do nothing
returning "client_id";
-- parameters: [1,"client_id-2",3,4,"client_id-5",6]

-- ratings.save([{"user_id":1,"client_id":"client_id-2","occurred_at":"2026-01-15T12:00:00.000Z","video_id":3,"received_at":"2026-01-15T12:00:00.000Z","understood":4,"rater_input_seconds":5,"evidence":6},{"user_id":7,"client_id":"client_id-8","occurred_at":"2026-01-15T12:00:00.000Z","video_id":9,"received_at":"2026-01-15T12:00:00.000Z","understood":10,"rater_input_seconds":11,"evidence":12}])
insert into "video_ratings" ("user_id", "client_id", "occurred_at", "video_id", "received_at", "understood", "rater_input_seconds", "evidence")
values (?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?)
on conflict ("user_id", "video_id") do update
set "client_id" = "excluded"."client_id", "understood" = "excluded"."understood", "occurred_at" = "excluded"."occurred_at", "rater_input_seconds" = "excluded"."rater_input_seconds", "evidence" = "excluded"."evidence", "received_at" = "excluded"."received_at";
-- parameters: [1,"client_id-2","2026-01-15T12:00:00.000Z",3,"2026-01-15T12:00:00.000Z",4,5,6,7,"client_id-8","2026-01-15T12:00:00.000Z",9,"2026-01-15T12:00:00.000Z",10,11,12]

-- ratings.addToSums(1, 2, 3)
update "videos"
set "rating_count" = "rating_count" + ?, "rating_evidence_sum" = "rating_evidence_sum" + ?
where "id" = ?
returning "rating_count", "rating_evidence_sum", "proficiency_level";
-- parameters: [2,3,1]

-- ratings.allOf(1)
select *
from "video_ratings"
where "user_id" = ?
order by "video_id";
-- parameters: [1]

-- ratings.deleteAllOf(1)
delete from "video_ratings"
where "user_id" = ?;
-- parameters: [1]

delete from "rating_receipts"
where "user_id" = ?;
-- parameters: [1]

-- ratings.setDifficulty(1, 2, 3)
update "videos"
set "difficulty" = ?, "difficulty_rank" = ?
where "id" = ?;
-- parameters: [2,3,1]
