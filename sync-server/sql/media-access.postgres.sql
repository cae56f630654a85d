-- The SQL sync-server/src/repositories/media-access.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- media-access.sessionUser(1, "tokenHashStart-2", 1768478400000)
select "u"."is_premium", "u"."is_admin", "u"."is_contributor"
from "sessions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "s"."token_hash" >= $1 and "s"."token_hash" < $2 and "s"."user_id" = $3 and "s"."revoked_at" is null and "s"."expires_at" > $4
limit $5;
-- parameters: ["tokenHashStart-2","tokenHashStart-2g",1,1768478400000,1]

-- media-access.videoByMediaKey("mediaKey-1")
select "access_level", "published_at"
from "videos"
where "media_key" = $1;
-- parameters: ["mediaKey-1"]

-- media-access.submissionOwners("mediaKey-1")
select "user_id"
from "submissions"
where "media_key" = $1;
-- parameters: ["mediaKey-1"]
