-- The SQL sync-server/src/repositories/feedback.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- feedback.insertOnce(1, "clientId-2", "feedback-3", "environmentJson-4", "2026-01-15T12:00:00.000Z")
begin;

select "id"
from "users"
where "id" = ? and "deleted_at" is null;
-- parameters: [1]

insert into "user_feedbacks" ("user_id", "client_id", "feedback", "environment_data", "created_at")
values (?, ?, ?, ?, ?)
on conflict do nothing
returning "id";
-- parameters: [1,"clientId-2","feedback-3","environmentJson-4","2026-01-15T12:00:00.000Z"]

commit;
