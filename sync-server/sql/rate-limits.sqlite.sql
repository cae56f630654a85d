-- The SQL sync-server/src/repositories/rate-limits.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- rate-limits.increment("key-1", 1768478400000, 1768478400000)
insert into "rate_limit_hits" ("key", "hits", "reset_at")
values (?, ?, ?)
on conflict ("key") do update
set "hits" = CASE WHEN rate_limit_hits.reset_at <= ? THEN 1 ELSE rate_limit_hits.hits + 1 END, "reset_at" = CASE WHEN rate_limit_hits.reset_at <= ? THEN excluded.reset_at ELSE rate_limit_hits.reset_at END
returning "hits", "reset_at";
-- parameters: ["key-1",1,3536956800000,1768478400000,1768478400000]

-- rate-limits.get("key-1", 1768478400000)
select "hits", "reset_at"
from "rate_limit_hits"
where "key" = ? and "reset_at" > ?;
-- parameters: ["key-1",1768478400000]

-- rate-limits.decrement("key-1", 1768478400000)
update "rate_limit_hits"
set "hits" = "hits" - ?
where "key" = ? and "hits" > ? and "reset_at" > ?;
-- parameters: [1,"key-1",0,1768478400000]

-- rate-limits.reset("key-1")
delete from "rate_limit_hits"
where "key" = ?;
-- parameters: ["key-1"]

-- rate-limits.pruneEnded(1768478400000)
delete from "rate_limit_hits"
where "reset_at" <= ?;
-- parameters: [1768478400000]
