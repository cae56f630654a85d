-- The SQL sync-server/src/repositories/submissions.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- submissions.setProcessing(1, "queued", 2, "error-3")
update "submissions"
set "processing_state" = $1, "processing_percent" = $2, "processing_error" = $3
where "id" = $4;
-- parameters: ["queued",2,"error-3",1]

-- submissions.dropSource(1)
update "submissions"
set "upload_id" = $1
where "id" = $2;
-- parameters: [null,1]

-- submissions.setMediaKey(1, "key-2")
update "submissions"
set "media_key" = $1
where "id" = $2;
-- parameters: ["key-2",1]

-- submissions.markReady(1, 2, "mediaKey-3", {"jobId":4,"claim":5})
update "submissions"
set "processing_state" = $1, "processing_percent" = $2, "processing_error" = $3, "duration_seconds" = $4, "media_key" = $5
where "id" = $6 and exists (select "jobs"."id"
  from "jobs"
  where "jobs"."id" = $7 and "jobs"."state" = $8 and "jobs"."claims" = $9);
-- parameters: ["ready",100,null,2,"mediaKey-3",1,4,"running",5]

-- submissions.decide(1, "accepted")
update "submissions"
set "status" = $1
where "id" = $2 and "status" = $3 and "published_video_id" is null;
-- parameters: ["accepted",1,"pending"]

-- submissions.setDialect(1, "northern")
update "submissions"
set "dialect" = $1
where "id" = $2;
-- parameters: ["northern",1]

-- submissions.markPublished(1, 2)
update "submissions"
set "published_video_id" = $1, "status" = $2
where "id" = $3 and "published_video_id" is null and "status" != $4;
-- parameters: [2,"accepted",1,"rejected"]

-- submissions.reviewCounts()
select sum(case when ("processing_state" = $1 and "media_key" is not null and "status" != $2) then 1 else 0 end) as "ready", sum(case when "status" = $3 then 1 else 0 end) as "waiting"
from "submissions"
where "published_video_id" is null;
-- parameters: ["ready","rejected","pending"]

-- submissions.remove(1)
delete from "submissions"
where "id" = $1;
-- parameters: [1]

-- submissions.silentUploads(1768478400000)
select "s".*, "u"."email" as "uploader_email", "u"."display_name" as "uploader_display_name"
from "submissions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "s"."upload_state" = $1 and "s"."upload_id" is not null and "s"."upload_activity_at" < $2;
-- parameters: ["uploading",1768478400000]

-- submissions.uploadingNow()
select "s".*, "u"."email" as "uploader_email", "u"."display_name" as "uploader_display_name"
from "submissions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "s"."upload_state" = $1 and "s"."upload_id" is not null;
-- parameters: ["uploading"]

-- submissions.hasAny()
select "id"
from "submissions"
limit $1;
-- parameters: [1]

-- submissions.titlesOfUploader("learner@example.com")
select "s"."title", "s"."published_video_id"
from "submissions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "u"."email" = $1
order by "s"."id";
-- parameters: ["learner@example.com"]

-- submissions.unfinishedUploadsOf(1, 2, 3)
select "upload_bytes_total"
from "submissions"
where "user_id" = $1 and "upload_state" = $2 and "upload_id" is not null and "id" != $3;
-- parameters: [1,"uploading",2]

-- submissions.bindUpload(1, "uploadId-2", 3, 1768478400000)
update "submissions"
set "upload_id" = $1, "upload_state" = $2, "upload_bytes_total" = $3, "upload_activity_at" = $4, "processing_state" = $5, "processing_percent" = $6, "processing_error" = $7
where "id" = $8;
-- parameters: ["uploadId-2","uploading",3,1768478400000,"waiting",0,null,1]

-- submissions.touchUpload("uploadId-1", 1768478400000)
update "submissions"
set "upload_activity_at" = $1
where "upload_id" = $2;
-- parameters: [1768478400000,"uploadId-1"]

-- submissions.completeUpload(1, 2)
update "submissions"
set "upload_state" = $1, "upload_bytes_total" = $2, "processing_state" = $3, "processing_percent" = $4, "processing_error" = $5
where "id" = $6 and "upload_state" != $7;
-- parameters: ["complete",2,"queued",0,null,1,"complete"]

-- submissions.unbindUpload(1)
update "submissions"
set "upload_id" = $1, "upload_state" = $2, "upload_bytes_total" = $3, "upload_activity_at" = $4, "processing_state" = $5, "processing_percent" = $6
where "id" = $7;
-- parameters: [null,"awaiting",null,null,"waiting",0,1]

-- submissions.findById(1)
select "s".*, "u"."email" as "uploader_email", "u"."display_name" as "uploader_display_name"
from "submissions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "s"."id" = $1;
-- parameters: [1]

-- submissions.findByClientId(1, "clientId-2")
select "s".*, "u"."email" as "uploader_email", "u"."display_name" as "uploader_display_name"
from "submissions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "s"."user_id" = $1 and "s"."client_id" = $2;
-- parameters: [1,"clientId-2"]

-- submissions.findByUploadId("uploadId-1")
select "s".*, "u"."email" as "uploader_email", "u"."display_name" as "uploader_display_name"
from "submissions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "s"."upload_id" = $1;
-- parameters: ["uploadId-1"]

-- submissions.listOfUser(1, 2, 3)
select "s".*, "u"."email" as "uploader_email", "u"."display_name" as "uploader_display_name"
from "submissions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "s"."user_id" = $1 and "s"."id" < $2
order by "s"."id" desc
limit $3;
-- parameters: [1,2,3]

-- submissions.listAll(1, 2)
select "s".*, "u"."email" as "uploader_email", "u"."display_name" as "uploader_display_name"
from "submissions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "s"."id" < $1
order by "s"."id" desc
limit $2;
-- parameters: [1,2]

-- submissions.creators(1)
select "email"
from "submission_creators"
where "submission_id" = $1
order by "email";
-- parameters: [1]

-- submissions.insert({"userId":1,"clientId":"clientId-2","title":"title-3","description":"description-4","proficiencyLevel":"proficiencyLevel-5","languageCode":"vi","seriesName":"seriesName-6","episodeNumber":7,"publishable":true,"creatorEmails":["learner@example.com","learner@example.com"],"nowIso":"2026-01-15T12:00:00.000Z","dialect":"northern"})
begin;

SELECT pg_advisory_xact_lock(16001, $1::int);
-- parameters: [1]

select "id"
from "users"
where "id" = $1 and "deleted_at" is null;
-- parameters: [1]

insert into "submissions" ("user_id", "client_id", "title", "description", "proficiency_level", "language_code", "series_name", "episode_number", "publishable", "created_at", "dialect")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
returning "id";
-- parameters: [1,"clientId-2","title-3","description-4","proficiencyLevel-5","vi","seriesName-6",7,1,"2026-01-15T12:00:00.000Z","northern"]

insert into "submission_creators" ("email")
values ($1)
on conflict do nothing;
-- parameters: ["learner@example.com"]

commit;
