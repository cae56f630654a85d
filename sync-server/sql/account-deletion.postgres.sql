-- The SQL sync-server/src/repositories/account-deletion.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- account-deletion.erase({"id":1,"email":"learner@example.com"}, "2026-01-15T12:00:00.000Z", )
begin;

SELECT pg_advisory_xact_lock(16001, $1::int);
-- parameters: [1]

select "id"
from "users"
where "id" = $1 and "deleted_at" is null;
-- parameters: [1]

commit;
