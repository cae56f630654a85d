-- The SQL sync-server/src/repositories/account-preferences.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- account-preferences.keptClientIds(1, ["clientIds-2","clientIds-3"])
select "client_id"
from "account_preferences"
where "user_id" = ? and "client_id" in (?, ?);
-- parameters: [1,"clientIds-2","clientIds-3"]

-- account-preferences.saveLatest([{"user_id":1,"name":"name-2","value":"value-3","client_id":"client_id-4","occurred_at":"2026-01-15T12:00:00.000Z","occurred_ms":1768478400000},{"user_id":5,"name":"name-6","value":"value-7","client_id":"client_id-8","occurred_at":"2026-01-15T12:00:00.000Z","occurred_ms":1768478400000}])
insert into "account_preferences" ("user_id", "name", "value", "client_id", "occurred_at", "occurred_ms")
values (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?)
on conflict ("user_id", "name") do update
set "value" = "excluded"."value", "client_id" = "excluded"."client_id", "occurred_at" = "excluded"."occurred_at", "occurred_ms" = "excluded"."occurred_ms"
where (excluded.occurred_ms > account_preferences.occurred_ms or (excluded.occurred_ms = account_preferences.occurred_ms and excluded.client_id > account_preferences.client_id))
returning "name";
-- parameters: [1,"name-2","value-3","client_id-4","2026-01-15T12:00:00.000Z",1768478400000,5,"name-6","value-7","client_id-8","2026-01-15T12:00:00.000Z",1768478400000]

-- account-preferences.list(1)
select "name", "value", "occurred_at"
from "account_preferences"
where "user_id" = ?
order by "name";
-- parameters: [1]
