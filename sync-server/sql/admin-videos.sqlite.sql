-- The SQL sync-server/src/repositories/admin-videos.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- admin-videos.list({"q":"q-1","access":"free","after":{"created":"created-2","id":3},"limit":4})
select "id", "title", "youtube_id", "access_level", "media_key", "thumbnail_file", "youtube_thumbnail_file", "language_code", "published_at", "created_at", "dialect"
from "videos"
where "videos"."id" IN (SELECT rowid FROM "videos_search" WHERE "videos_search" MATCH ?) and "access_level" = ? and ("created_at" < ? or ("created_at" = ? and "id" < ?))
order by "created_at" desc, "id" desc
limit ?;
-- parameters: ["\"q-1\"","free","created-2","created-2",3,4]

-- admin-videos.findById(1)
select "id", "title", "youtube_id", "access_level", "media_key", "thumbnail_file", "youtube_thumbnail_file", "language_code", "published_at", "created_at", "dialect"
from "videos"
where "id" = ?;
-- parameters: [1]

-- admin-videos.update(1, {"access_level":"free","dialect":"northern","title":"title-2"})
update "videos"
set "access_level" = ?, "dialect" = ?, "title" = ?
where "id" = ?;
-- parameters: ["free","northern","title-2",1]

-- admin-videos.setThumbnails(1, "thumbnail-2", "youtubeThumbnail-3")
update "videos"
set "thumbnail_file" = coalesce(?, "thumbnail_file"), "youtube_thumbnail_file" = coalesce(?, "youtube_thumbnail_file")
where "id" = ?;
-- parameters: ["thumbnail-2","youtubeThumbnail-3",1]
