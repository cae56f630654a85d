-- The SQL sync-server/src/repositories/word-states.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- word-states.storedClientIds(1, ["clientIds-2","clientIds-3"])
select "client_id"
from "word_state_receipts"
where "user_id" = $1 and "client_id" in ($2, $3);
-- parameters: [1,"clientIds-2","clientIds-3"]

-- word-states.insertReceipts(1, ["clientIds-2","clientIds-3"])
insert into "word_state_receipts" ("user_id", "client_id")
values ($1, $2), ($3, $4)
on conflict do nothing
returning "client_id";
-- parameters: [1,"clientIds-2",1,"clientIds-3"]

-- word-states.saveLatest([{"user_id":1,"key":"key-2","state":"new","language_code":"vi","client_id":"client_id-3","occurred_at":"2026-01-15T12:00:00.000Z","received_at":"2026-01-15T12:00:00.000Z","occurred_ms":1768478400000},{"user_id":4,"key":"key-5","state":"new","language_code":"vi","client_id":"client_id-6","occurred_at":"2026-01-15T12:00:00.000Z","received_at":"2026-01-15T12:00:00.000Z","occurred_ms":1768478400000}])
insert into "word_states" ("user_id", "key", "state", "language_code", "client_id", "occurred_at", "received_at", "occurred_ms")
values ($1, $2, $3, $4, $5, $6, $7, $8), ($9, $10, $11, $12, $13, $14, $15, $16)
on conflict ("user_id", "language_code", "key") do update
set "state" = "excluded"."state", "client_id" = "excluded"."client_id", "occurred_at" = "excluded"."occurred_at", "occurred_ms" = "excluded"."occurred_ms", "received_at" = "excluded"."received_at"
where (excluded.occurred_ms > word_states.occurred_ms or (excluded.occurred_ms = word_states.occurred_ms and excluded.client_id > word_states.client_id));
-- parameters: [1,"key-2","new","vi","client_id-3","2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z",1768478400000,4,"key-5","new","vi","client_id-6","2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z",1768478400000]

-- word-states.listKept(1, "vi")
select "key", "state", "occurred_at"
from "word_states"
where "user_id" = $1 and "language_code" = $2 and "state" <> $3
order by "key";
-- parameters: [1,"vi","new"]
