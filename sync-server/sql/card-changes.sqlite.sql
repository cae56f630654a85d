-- The SQL sync-server/src/repositories/card-changes.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- card-changes.listChangedPage(1, "vi", {"sinceMs":1768478400000,"after":{"changed":2,"id":"id-3"},"limit":4})
select "c"."client_id", "c"."video_id", "c"."start_seconds", "c"."end_seconds", "c"."text", "c"."translation", "c"."created_at", "c"."state", "c"."due_ms", "c"."stability", "c"."difficulty", "c"."reps", "c"."lapses", "c"."scheduled_days", "c"."learning_steps", "c"."elapsed_days", "c"."last_review_ms", "c"."last_review_client_id", "c"."clip_path", "c"."changed_ms", "v"."title" as "video_title"
from "cards" as "c"
inner join "videos" as "v" on "v"."id" = "c"."video_id"
where "c"."user_id" = ? and "c"."language_code" = ? and "c"."changed_ms" >= ? and ("c"."changed_ms" > ? or ("c"."changed_ms" = ? and "c"."client_id" > ?))
order by "c"."changed_ms", "c"."client_id"
limit ?;
-- parameters: [1,"vi",1768478400000,2,2,"id-3",4]

-- card-changes.markVideoCardsChanged(1, 1768478400000)
update "cards"
set "changed_ms" = ?
where "video_id" = ?;
-- parameters: [1768478400000,1]

-- card-changes.removedSince(1, "vi", 1768478400000)
select distinct "card_client_id"
from "card_removals"
where "user_id" = ? and "language_code" = ? and "removed_ms" >= ?
order by "card_client_id";
-- parameters: [1,"vi",1768478400000]
