-- The SQL sync-server/src/repositories/account-preferences.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- account-preferences.keptClientIds(1, ["clientIds-2","clientIds-3"])
select "client_id"
from "account_preferences"
where "user_id" = ? and "client_id" in (?, ?);
-- parameters: [1,"clientIds-2","clientIds-3"]

-- account-preferences.saveLatest([{},{}])
insert into "account_preferences" ()
values (), ()
on conflict ("user_id", "name") do update
set "value" = "excluded"."value", "client_id" = "excluded"."client_id", "occurred_at" = "excluded"."occurred_at", "occurred_ms" = "excluded"."occurred_ms"
where (excluded.occurred_ms > account_preferences.occurred_ms or (excluded.occurred_ms = account_preferences.occurred_ms and excluded.client_id > account_preferences.client_id))
returning "name";

-- account-preferences.list(1)
select "name", "value", "occurred_at"
from "account_preferences"
where "user_id" = ?
order by "name";
-- parameters: [1]
