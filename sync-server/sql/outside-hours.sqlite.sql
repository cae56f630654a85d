-- The SQL sync-server/src/repositories/outside-hours.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- outside-hours.recordWithinDay({"userId":1,"clientId":"clientId-2","day":"2026-01-15","minutes":3,"kind":"watching","note":"note-4","createdAt":"2026-01-15T12:00:00.000Z"}, 5)
begin;

select "id"
from "users"
where "id" = ? and "deleted_at" is null;
-- parameters: [1]

select "client_id"
from "outside_hours"
where "user_id" = ? and "client_id" = ?;
-- parameters: [1,"clientId-2"]

commit;

-- outside-hours.totalMinutes(1)
select coalesce(sum("minutes"), 0) as "minutes"
from "outside_hours"
where "user_id" = ?;
-- parameters: [1]
