-- The SQL sync-server/src/repositories/waitlist.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- waitlist.add("learner@example.com", "2026-01-15T12:00:00.000Z")
insert into "waitlist" ("email", "created_at")
values ($1, $2)
on conflict do nothing;
-- parameters: ["learner@example.com","2026-01-15T12:00:00.000Z"]

-- waitlist.has("learner@example.com")
select "email"
from "waitlist"
where "email" = $1;
-- parameters: ["learner@example.com"]
