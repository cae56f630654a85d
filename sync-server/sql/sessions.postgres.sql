-- The SQL sync-server/src/repositories/sessions.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- sessions.create("tokenHash-1", 2, 1768478400000, 1768478400000, "userAgent-3", "signInNetwork-4")
insert into "sessions" ("token_hash", "user_id", "created_at", "expires_at", "user_agent", "last_seen_at", "sign_in_network")
values ($1, $2, $3, $4, $5, $6, $7);
-- parameters: ["tokenHash-1",2,1768478400000,1768478400000,"userAgent-3",1768478400000,"signInNetwork-4"]

-- sessions.signedInFrom("learner@example.com", "signInNetwork-1")
select "s"."user_id"
from "sessions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "u"."email" = $1 and "s"."sign_in_network" = $2
limit $3;
-- parameters: ["learner@example.com","signInNetwork-1",1]

-- sessions.findActive("tokenHash-1", 1768478400000)
select "u".*, "s"."expires_at" as "session_expires_at", "s"."last_seen_at" as "session_last_seen_at"
from "sessions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
where "s"."token_hash" = $1 and "s"."revoked_at" is null and "s"."expires_at" > $2;
-- parameters: ["tokenHash-1",1768478400000]

-- sessions.findActiveWithDay("tokenHash-1", 1768478400000, "2026-01-15")
select "u".*, "s"."expires_at" as "session_expires_at", "s"."last_seen_at" as "session_last_seen_at", coalesce("d"."watch_seconds", 0) as "day_watch_seconds"
from "sessions" as "s"
inner join "users" as "u" on "u"."id" = "s"."user_id"
left join "daily_totals" as "d" on "d"."user_id" = "s"."user_id" and "d"."day" = $1
where "s"."token_hash" = $2 and "s"."revoked_at" is null and "s"."expires_at" > $3;
-- parameters: ["2026-01-15","tokenHash-1",1768478400000]

-- sessions.revoke("tokenHash-1", 1768478400000)
update "sessions"
set "revoked_at" = $1
where "token_hash" = $2 and "revoked_at" is null;
-- parameters: [1768478400000,"tokenHash-1"]

-- sessions.revokeOwn(1, "tokenHash-2", 1768478400000)
update "sessions"
set "revoked_at" = $1
where "token_hash" = $2 and "user_id" = $3 and "revoked_at" is null
returning "token_hash";
-- parameters: [1768478400000,"tokenHash-2",1]

-- sessions.extend("tokenHash-1", 1768478400000)
update "sessions"
set "expires_at" = $1
where "token_hash" = $2;
-- parameters: [1768478400000,"tokenHash-1"]

-- sessions.markSeen("tokenHash-1", 1768478400000)
update "sessions"
set "last_seen_at" = $1
where "token_hash" = $2;
-- parameters: [1768478400000,"tokenHash-1"]

-- sessions.listActive(1, 1768478400000)
select "token_hash", "created_at", "last_seen_at", "user_agent"
from "sessions"
where "user_id" = $1 and "revoked_at" is null and "expires_at" > $2
order by "last_seen_at" desc, "created_at" desc;
-- parameters: [1,1768478400000]

-- sessions.revokeOthersIfLive(1, "ownTokenHash-2", 1768478400000)
begin;

SELECT pg_advisory_xact_lock(16001, $1::int);
-- parameters: [1]

select "id"
from "users"
where "id" = $1 and "deleted_at" is null;
-- parameters: [1]

select "token_hash"
from "sessions"
where "token_hash" = $1 and "user_id" = $2 and "revoked_at" is null and "expires_at" > $3;
-- parameters: ["ownTokenHash-2",1,1768478400000]

update "sessions"
set "revoked_at" = $1
where "user_id" = $2 and "revoked_at" is null and "token_hash" != $3
returning "token_hash";
-- parameters: [1768478400000,1,"ownTokenHash-2"]

commit;
