-- The SQL sync-server/src/repositories/account-deletion-codes.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- account-deletion-codes.sentSince(1, 1768478400000)
select count(*) as "count", min("created_at") as "oldest"
from "account_deletion_codes"
where "user_id" = $1 and "created_at" > $2;
-- parameters: [1,1768478400000]

-- account-deletion-codes.replace(1, "codeHash-2", 1768478400000, 1768478400000)
begin;

SELECT pg_advisory_xact_lock(16001, $1::int);
-- parameters: [1]

select "id"
from "users"
where "id" = $1 and "deleted_at" is null;
-- parameters: [1]

update "account_deletion_codes"
set "consumed_at" = $1
where "user_id" = $2 and "consumed_at" is null;
-- parameters: [1768478400000,1]

insert into "account_deletion_codes" ("user_id", "code_hash", "created_at", "expires_at")
values ($1, $2, $3, $4)
returning "id";
-- parameters: [1,"codeHash-2",1768478400000,1768478400000]

commit;

-- account-deletion-codes.newestUnused(1)
select *
from "account_deletion_codes"
where "user_id" = $1 and "consumed_at" is null
order by "id" desc
limit $2;
-- parameters: [1,1]

-- account-deletion-codes.recordWrongTry(1)
update "account_deletion_codes"
set "wrong_tries" = "wrong_tries" + $1
where "id" = $2
returning "wrong_tries";
-- parameters: [1,1]

-- account-deletion-codes.consume(1, 1768478400000, 2)
update "account_deletion_codes"
set "consumed_at" = $1
where "id" = $2 and "consumed_at" is null and "wrong_tries" < $3
returning "id";
-- parameters: [1768478400000,1,2]

-- account-deletion-codes.remove(1)
delete from "account_deletion_codes"
where "id" = $1;
-- parameters: [1]
