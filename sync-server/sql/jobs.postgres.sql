-- The SQL sync-server/src/repositories/jobs.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- jobs.claimNext(1768478400000, ["kinds-1","kinds-2"])
UPDATE jobs SET state = 'running', started_at = (EXTRACT(EPOCH FROM now()) * 1000)::bigint, lease_until = (EXTRACT(EPOCH FROM now()) * 1000)::bigint + $1,
             attempts = attempts + 1, claims = claims + 1
       WHERE (kind IN ($2, $3) AND ((state = 'queued' AND (run_after IS NULL OR run_after <= (EXTRACT(EPOCH FROM now()) * 1000)::bigint)) OR (state = 'running' AND (lease_until IS NULL OR lease_until < (EXTRACT(EPOCH FROM now()) * 1000)::bigint))))
         AND id = (SELECT id FROM jobs WHERE (kind IN ($4, $5) AND ((state = 'queued' AND (run_after IS NULL OR run_after <= (EXTRACT(EPOCH FROM now()) * 1000)::bigint)) OR (state = 'running' AND (lease_until IS NULL OR lease_until < (EXTRACT(EPOCH FROM now()) * 1000)::bigint)))) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING *;
-- parameters: [1768478400000,"kinds-1","kinds-2","kinds-1","kinds-2"]

-- jobs.now()
SELECT (EXTRACT(EPOCH FROM now()) * 1000)::bigint AS now;

-- jobs.insert({"kind":"kind-1","payload":"payload-2","uniqueKey":"uniqueKey-3"}, db)
insert into "jobs" ("kind", "payload", "created_at", "unique_key")
values ($1, $2, (EXTRACT(EPOCH FROM now()) * 1000)::bigint, $3)
on conflict ("unique_key") do nothing
returning "id";
-- parameters: ["kind-1","payload-2","uniqueKey-3"]

-- jobs.byId(1)
select *
from "jobs"
where "id" = $1;
-- parameters: [1]

-- jobs.pendingCount(["kinds-1","kinds-2"])
select count(*) as "n"
from "jobs"
where "state" in ($1, $2) and "kind" in ($3, $4);
-- parameters: ["queued","running","kinds-1","kinds-2"]

-- jobs.countsByKindAndState()
select "kind", "state", CASE WHEN error IS NULL THEN 0 ELSE 1 END as "after_failure", count(*) as "n"
from "jobs"
where "state" <> $1
group by "kind", "state", CASE WHEN error IS NULL THEN 0 ELSE 1 END;
-- parameters: ["done"]

-- jobs.renewLease({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"}, 1768478400000)
update "jobs"
set "lease_until" = (EXTRACT(EPOCH FROM now()) * 1000)::bigint + $1
where "id" = $2 and "state" = $3 and "claims" = $4;
-- parameters: [1768478400000,1,"running",1768478400000]

-- jobs.markDone({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"})
update "jobs"
set "state" = $1, "error" = $2, "finished_at" = (EXTRACT(EPOCH FROM now()) * 1000)::bigint, "lease_until" = $3, "run_after" = $4
where "id" = $5 and "state" = $6 and "claims" = $7;
-- parameters: ["done",null,null,null,1,"running",1768478400000]

-- jobs.markFailed({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"}, "error-7")
update "jobs"
set "state" = $1, "error" = $2, "finished_at" = (EXTRACT(EPOCH FROM now()) * 1000)::bigint, "lease_until" = $3
where "id" = $4 and "state" = $5 and "claims" = $6;
-- parameters: ["failed","error-7",null,1,"running",1768478400000]

-- jobs.retryLater({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"}, "error-7", 1768478400000)
update "jobs"
set "state" = $1, "error" = $2, "lease_until" = $3, "run_after" = (EXTRACT(EPOCH FROM now()) * 1000)::bigint + $4
where "id" = $5 and "state" = $6 and "claims" = $7;
-- parameters: ["queued","error-7",null,1768478400000,1,"running",1768478400000]

-- jobs.handBack({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"})
update "jobs"
set "state" = $1, "lease_until" = $2, "run_after" = $3, "attempts" = "attempts" - $4
where "id" = $5 and "state" = $6 and "claims" = $7;
-- parameters: ["queued",null,null,1,1,"running",1768478400000]

-- jobs.pruneDone(1768478400000)
delete from "jobs"
where "state" = $1 and "finished_at" < (EXTRACT(EPOCH FROM now()) * 1000)::bigint - $2;
-- parameters: ["done",1768478400000]

-- jobs.list({"state":"queued","limit":1,"beforeId":2})
select *
from "jobs"
where "state" = $1 and "id" < $2
order by "id" desc
limit $3;
-- parameters: ["queued",2,1]

-- jobs.retryFailedNow(1)
update "jobs"
set "state" = $1, "attempts" = $2, "run_after" = $3, "finished_at" = $4, "lease_until" = $5
where "id" = $6 and "state" = $7
returning *;
-- parameters: ["queued",0,null,null,null,1,"failed"]
