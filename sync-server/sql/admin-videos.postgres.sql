-- The SQL sync-server/src/repositories/admin-videos.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- admin-videos.list({"q":"q-1","access":"free","after":{"created":"created-2","id":3},"limit":4})
select "id", "title", "youtube_id", "access_level", "media_key", "thumbnail_file", "youtube_thumbnail_file", "language_code", "published_at", "created_at", "dialect"
from "videos"
where "videos"."id" IN (SELECT id FROM "videos" WHERE (search_fold("title") LIKE '%' || search_fold($1) || '%' ESCAPE '\' OR search_fold("youtube_id") LIKE '%' || search_fold($2) || '%' ESCAPE '\')) and "access_level" = $3 and ("created_at" < $4 or ("created_at" = $5 and "id" < $6))
order by "created_at" desc, "id" desc
limit $7;
-- parameters: ["q-1","q-1","free","created-2","created-2",3,4]

-- admin-videos.findById(1)
select "id", "title", "youtube_id", "access_level", "media_key", "thumbnail_file", "youtube_thumbnail_file", "language_code", "published_at", "created_at", "dialect"
from "videos"
where "id" = $1;
-- parameters: [1]

-- admin-videos.update(1, {"access_level":"free","dialect":"northern","title":"title-2"})
update "videos"
set "access_level" = $1, "dialect" = $2, "title" = $3
where "id" = $4;
-- parameters: ["free","northern","title-2",1]

-- admin-videos.setThumbnails(1, "thumbnail-2", "youtubeThumbnail-3")
update "videos"
set "thumbnail_file" = coalesce($1, "thumbnail_file"), "youtube_thumbnail_file" = coalesce($2, "youtube_thumbnail_file")
where "id" = $3;
-- parameters: ["thumbnail-2","youtubeThumbnail-3",1]
