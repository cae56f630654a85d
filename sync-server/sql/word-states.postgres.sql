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

-- word-states.saveLatest([{"user_id":1,"client_id":"client_id-2","occurred_at":"2026-01-15T12:00:00.000Z","occurred_ms":1768478400000,"language_code":"vi","received_at":"2026-01-15T12:00:00.000Z","state":"new","key":"key-3"},{"user_id":4,"client_id":"client_id-5","occurred_at":"2026-01-15T12:00:00.000Z","occurred_ms":1768478400000,"language_code":"vi","received_at":"2026-01-15T12:00:00.000Z","state":"new","key":"key-6"}])
insert into "word_states" ("user_id", "client_id", "occurred_at", "occurred_ms", "language_code", "received_at", "state", "key")
values ($1, $2, $3, $4, $5, $6, $7, $8), ($9, $10, $11, $12, $13, $14, $15, $16)
on conflict ("user_id", "language_code", "key") do update
set "state" = "excluded"."state", "client_id" = "excluded"."client_id", "occurred_at" = "excluded"."occurred_at", "occurred_ms" = "excluded"."occurred_ms", "received_at" = "excluded"."received_at"
where (excluded.occurred_ms > word_states.occurred_ms or (excluded.occurred_ms = word_states.occurred_ms and excluded.client_id > word_states.client_id));
-- parameters: [1,"client_id-2","2026-01-15T12:00:00.000Z",1768478400000,"vi","2026-01-15T12:00:00.000Z","new","key-3",4,"client_id-5","2026-01-15T12:00:00.000Z",1768478400000,"vi","2026-01-15T12:00:00.000Z","new","key-6"]

-- word-states.listKept(1, "vi")
select "key", "state", "occurred_at"
from "word_states"
where "user_id" = $1 and "language_code" = $2 and "state" <> $3
order by "key";
-- parameters: [1,"vi","new"]
