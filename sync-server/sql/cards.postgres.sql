-- The SQL sync-server/src/repositories/cards.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- cards.byClientIds(1, ["clientIds-2","clientIds-3"])
select *
from "cards"
where "user_id" = $1 and "client_id" in ($2, $3);
-- parameters: [1,"clientIds-2","clientIds-3"]

-- cards.sameLine(1, 2, 3, 4)
select "client_id"
from "cards"
where "user_id" = $1 and "video_id" = $2 and "start_seconds" >= $3 and "start_seconds" <= $4;
-- parameters: [1,2,-1,7]

-- cards.insert({"user_id":1,"created_at":"2026-01-15T12:00:00.000Z","client_id":"client_id-2","video_id":3,"language_code":"vi","start_seconds":4,"end_seconds":5,"text":"text-6","created_ms":1768478400000,"received_at":"2026-01-15T12:00:00.000Z","state":"new","due_ms":1768478400000,"stability":7,"difficulty":8,"reps":9,"lapses":10,"scheduled_days":11,"learning_steps":12,"elapsed_days":13,"id":14,"translation":"translation-15","last_review_ms":1768478400000,"last_review_client_id":"last_review_client_id-16","clip_path":"clip_path-17","changed_ms":1768478400000})
insert into "cards" ("user_id", "created_at", "client_id", "video_id", "language_code", "start_seconds", "end_seconds", "text", "created_ms", "received_at", "state", "due_ms", "stability", "difficulty", "reps", "lapses", "scheduled_days", "learning_steps", "elapsed_days", "id", "translation", "last_review_ms", "last_review_client_id", "clip_path", "changed_ms")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)
returning "id";
-- parameters: [1,"2026-01-15T12:00:00.000Z","client_id-2",3,"vi",4,5,"text-6",1768478400000,"2026-01-15T12:00:00.000Z","new",1768478400000,7,8,9,10,11,12,13,14,"translation-15",1768478400000,"last_review_client_id-16","clip_path-17",1768478400000]

-- cards.removedClientIds(1, ["cardClientIds-2","cardClientIds-3"])
select "card_client_id"
from "card_removals"
where "user_id" = $1 and "card_client_id" in ($2, $3);
-- parameters: [1,"cardClientIds-2","cardClientIds-3"]

-- cards.storedRemovals(1, ["clientIds-2","clientIds-3"])
select "client_id"
from "card_removals"
where "user_id" = $1 and "client_id" in ($2, $3);
-- parameters: [1,"clientIds-2","clientIds-3"]

-- cards.insertRemoval({"user_id":1,"client_id":"client_id-2","occurred_at":"2026-01-15T12:00:00.000Z","card_client_id":"card_client_id-3","language_code":"vi","removed_ms":1768478400000})
insert into "card_removals" ("user_id", "client_id", "occurred_at", "card_client_id", "language_code", "removed_ms")
values ($1, $2, $3, $4, $5, $6)
on conflict do nothing;
-- parameters: [1,"client_id-2","2026-01-15T12:00:00.000Z","card_client_id-3","vi",1768478400000]

-- cards.remove(1, "clientId-2")
delete from "cards"
where "user_id" = $1 and "client_id" = $2;
-- parameters: [1,"clientId-2"]

-- cards.storedReviews(1, ["clientIds-2","clientIds-3"])
select "client_id"
from "card_reviews"
where "user_id" = $1 and "client_id" in ($2, $3);
-- parameters: [1,"clientIds-2","clientIds-3"]

-- cards.insertReviews([{"user_id":1,"client_id":"client_id-2","received_at":"2026-01-15T12:00:00.000Z","card_id":3,"rating":4,"reviewed_at":"2026-01-15T12:00:00.000Z","reviewed_ms":1768478400000,"duration_ms":1768478400000,"day":"2026-01-15","id":5},{"user_id":6,"client_id":"client_id-7","received_at":"2026-01-15T12:00:00.000Z","card_id":8,"rating":9,"reviewed_at":"2026-01-15T12:00:00.000Z","reviewed_ms":1768478400000,"duration_ms":1768478400000,"day":"2026-01-15","id":10}])
insert into "card_reviews" ("user_id", "client_id", "received_at", "card_id", "rating", "reviewed_at", "reviewed_ms", "duration_ms", "day", "id")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10), ($11, $12, $13, $14, $15, $16, $17, $18, $19, $20);
-- parameters: [1,"client_id-2","2026-01-15T12:00:00.000Z",3,4,"2026-01-15T12:00:00.000Z",1768478400000,1768478400000,"2026-01-15",5,6,"client_id-7","2026-01-15T12:00:00.000Z",8,9,"2026-01-15T12:00:00.000Z",1768478400000,1768478400000,"2026-01-15",10]

-- cards.reviewsOf(1)
select "client_id", "rating", "reviewed_ms"
from "card_reviews"
where "card_id" = $1;
-- parameters: [1]

-- cards.reviewsOfCards(1, ["cardClientIds-2","cardClientIds-3"])
select "c"."client_id" as "card_client_id", "r"."client_id", "r"."rating", "r"."reviewed_ms", "r"."duration_ms"
from "card_reviews" as "r"
inner join "cards" as "c" on "c"."id" = "r"."card_id"
where "c"."user_id" = $1 and "c"."client_id" in ($2, $3);
-- parameters: [1,"cardClientIds-2","cardClientIds-3"]

-- cards.setSchedule(1, {"state":"new","due_ms":1768478400000,"stability":2,"difficulty":3,"reps":4,"lapses":5,"scheduled_days":6,"learning_steps":7,"elapsed_days":8,"last_review_ms":1768478400000,"last_review_client_id":"last_review_client_id-9"}, 1768478400000)
update "cards"
set "state" = $1, "due_ms" = $2, "stability" = $3, "difficulty" = $4, "reps" = $5, "lapses" = $6, "scheduled_days" = $7, "learning_steps" = $8, "elapsed_days" = $9, "last_review_ms" = $10, "last_review_client_id" = $11, "changed_ms" = $12
where "id" = $13;
-- parameters: ["new",1768478400000,2,3,4,5,6,7,8,1768478400000,"last_review_client_id-9",1768478400000,1]

-- cards.listPage(1, "vi", {"dueBeforeMs":1768478400000,"after":{"due":2,"id":"id-3"},"limit":4})
select "c"."client_id", "c"."video_id", "c"."start_seconds", "c"."end_seconds", "c"."text", "c"."translation", "c"."created_at", "c"."state", "c"."due_ms", "c"."stability", "c"."difficulty", "c"."reps", "c"."lapses", "c"."scheduled_days", "c"."learning_steps", "c"."elapsed_days", "c"."last_review_ms", "c"."last_review_client_id", "c"."clip_path", "c"."changed_ms", "v"."title" as "video_title"
from "cards" as "c"
inner join "videos" as "v" on "v"."id" = "c"."video_id"
where "c"."user_id" = $1 and "c"."language_code" = $2 and "c"."due_ms" < $3 and ("c"."due_ms" > $4 or ("c"."due_ms" = $5 and "c"."client_id" > $6))
order by "c"."due_ms", "c"."client_id"
limit $7;
-- parameters: [1,"vi",1768478400000,2,2,"id-3",4]

-- cards.withVideo(1, "clientId-2")
select "c".*, "v"."access_level" as "access_level", "v"."published_at" as "published_at"
from "cards" as "c"
inner join "videos" as "v" on "v"."id" = "c"."video_id"
where "c"."user_id" = $1 and "c"."client_id" = $2;
-- parameters: [1,"clientId-2"]

-- cards.byId(1)
select "c".*, "v"."media_key" as "media_key"
from "cards" as "c"
inner join "videos" as "v" on "v"."id" = "c"."video_id"
where "c"."id" = $1;
-- parameters: [1]

-- cards.clipAndLanguageOf(1, "clientId-2")
select "clip_path", "language_code"
from "cards"
where "user_id" = $1 and "client_id" = $2;
-- parameters: [1,"clientId-2"]

-- cards.clipsInUse(["clipPaths-1","clipPaths-2"])
select distinct "clip_path"
from "cards"
where "clip_path" in ($1, $2);
-- parameters: ["clipPaths-1","clipPaths-2"]

-- cards.setClip(1, "clipPath-2", 1768478400000)
update "cards"
set "clip_path" = $1, "changed_ms" = $2
where "id" = $3;
-- parameters: ["clipPath-2",1768478400000,1]

-- cards.reviewsByDay(1, "2026-01-15")
select "day", count(*) as "count"
from "card_reviews"
where "user_id" = $1 and "day" >= $2
group by "day";
-- parameters: [1,"2026-01-15"]
