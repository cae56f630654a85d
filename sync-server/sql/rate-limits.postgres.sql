-- The SQL sync-server/src/repositories/rate-limits.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- rate-limits.increment("key-1", 1768478400000, 1768478400000)
insert into "rate_limit_hits" ("key", "hits", "reset_at")
values ($1, $2, $3)
on conflict ("key") do update
set "hits" = CASE WHEN rate_limit_hits.reset_at <= $4 THEN 1 ELSE rate_limit_hits.hits + 1 END, "reset_at" = CASE WHEN rate_limit_hits.reset_at <= $5 THEN excluded.reset_at ELSE rate_limit_hits.reset_at END
returning "hits", "reset_at";
-- parameters: ["key-1",1,3536956800000,1768478400000,1768478400000]

-- rate-limits.get("key-1", 1768478400000)
select "hits", "reset_at"
from "rate_limit_hits"
where "key" = $1 and "reset_at" > $2;
-- parameters: ["key-1",1768478400000]

-- rate-limits.decrement("key-1", 1768478400000)
update "rate_limit_hits"
set "hits" = "hits" - $1
where "key" = $2 and "hits" > $3 and "reset_at" > $4;
-- parameters: [1,"key-1",0,1768478400000]

-- rate-limits.reset("key-1")
delete from "rate_limit_hits"
where "key" = $1;
-- parameters: ["key-1"]

-- rate-limits.pruneEnded(1768478400000)
delete from "rate_limit_hits"
where "reset_at" <= $1;
-- parameters: [1768478400000]
