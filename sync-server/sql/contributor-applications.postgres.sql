-- The SQL sync-server/src/repositories/contributor-applications.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- contributor-applications.insert({"created_at":"2026-01-15T12:00:00.000Z","email":"learner@example.com","name":"name-1","ui_language":"vi","location":"location-2","english_ability":"none","notes":"notes-3","video_file":"video_file-4","video_type":"video_type-5","video_bytes":6})
insert into "contributor_applications" ("created_at", "email", "name", "ui_language", "location", "english_ability", "notes", "video_file", "video_type", "video_bytes")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
returning "id";
-- parameters: ["2026-01-15T12:00:00.000Z","learner@example.com","name-1","vi","location-2","none","notes-3","video_file-4","video_type-5",6]

-- contributor-applications.storedSince("2026-01-15T12:00:00.000Z")
select count(*) as "count", coalesce(sum("video_bytes"), 0) as "bytes", min("created_at") as "oldest"
from "contributor_applications"
where "created_at" > $1;
-- parameters: ["2026-01-15T12:00:00.000Z"]

-- contributor-applications.findById(1)
select *
from "contributor_applications"
where "id" = $1;
-- parameters: [1]

-- contributor-applications.list("pending", 1, 2)
select *
from "contributor_applications"
where "id" < $1 and "status" = $2
order by "id" desc
limit $3;
-- parameters: [1,"pending",2]

-- contributor-applications.decide(1, "accepted", "2026-01-15T12:00:00.000Z")
update "contributor_applications"
set "status" = $1, "decided_at" = $2
where "id" = $3 and "status" = $4;
-- parameters: ["accepted","2026-01-15T12:00:00.000Z",1,"pending"]

-- contributor-applications.countPending()
select count(*) as "count"
from "contributor_applications"
where "status" = $1;
-- parameters: ["pending"]

-- contributor-applications.isAcceptedEmail("learner@example.com")
select "id"
from "contributor_applications"
where "email" = $1 and "status" = $2
limit $3;
-- parameters: ["learner@example.com","accepted",1]

-- contributor-applications.makeContributor("learner@example.com")
update "users"
set "is_contributor" = $1
where "email" = $2;
-- parameters: [1,"learner@example.com"]
