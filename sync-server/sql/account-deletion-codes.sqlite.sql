-- The SQL sync-server/src/repositories/account-deletion-codes.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- account-deletion-codes.sentSince(1, 1768478400000)
select count(*) as "count", min("created_at") as "oldest"
from "account_deletion_codes"
where "user_id" = ? and "created_at" > ?;
-- parameters: [1,1768478400000]

-- account-deletion-codes.replace(1, "codeHash-2", 1768478400000, 1768478400000)
begin;

select "id"
from "users"
where "id" = ? and "deleted_at" is null;
-- parameters: [1]

update "account_deletion_codes"
set "consumed_at" = ?
where "user_id" = ? and "consumed_at" is null;
-- parameters: [1768478400000,1]

insert into "account_deletion_codes" ("user_id", "code_hash", "created_at", "expires_at")
values (?, ?, ?, ?)
returning "id";
-- parameters: [1,"codeHash-2",1768478400000,1768478400000]

commit;

-- account-deletion-codes.newestUnused(1)
select *
from "account_deletion_codes"
where "user_id" = ? and "consumed_at" is null
order by "id" desc
limit ?;
-- parameters: [1,1]

-- account-deletion-codes.recordWrongTry(1)
update "account_deletion_codes"
set "wrong_tries" = "wrong_tries" + ?
where "id" = ?
returning "wrong_tries";
-- parameters: [1,1]

-- account-deletion-codes.consume(1, 1768478400000, 2)
update "account_deletion_codes"
set "consumed_at" = ?
where "id" = ? and "consumed_at" is null and "wrong_tries" < ?
returning "id";
-- parameters: [1768478400000,1,2]

-- account-deletion-codes.remove(1)
delete from "account_deletion_codes"
where "id" = ?;
-- parameters: [1]
