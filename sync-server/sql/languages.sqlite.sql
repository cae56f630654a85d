-- The SQL sync-server/src/repositories/languages.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- languages.list()
select "l"."code", "l"."name", "l"."native_name", (select count(*) as "n"
  from "videos" as "v"
  where "v"."language_code" = "l"."code" and "v"."published_at" is not null) as "video_count"
from "languages" as "l"
order by "l"."position", "l"."code";

-- languages.exists("code-1")
select "code"
from "languages"
where "code" = ?;
-- parameters: ["code-1"]
