-- The SQL sync-server/src/repositories/jobs.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- jobs.claimNext(1768478400000, ["kinds-1","kinds-2"])
update "jobs"
set "state" = ?, "started_at" = CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER), "lease_until" = CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER) + ?, "attempts" = "attempts" + ?, "claims" = "claims" + ?
where "id" = (select "id"
  from "jobs"
  where (kind IN (?, ?) AND ((state = 'queued' AND (run_after IS NULL OR run_after <= CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER))) OR (state = 'running' AND (lease_until IS NULL OR lease_until < CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)))))
  order by "id"
  limit ?)
returning *;
-- parameters: ["running",1768478400000,1,1,"kinds-1","kinds-2",1]

-- jobs.now()
SELECT CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER) AS now;

-- jobs.insert({"kind":"kind-1","payload":"payload-2","uniqueKey":"uniqueKey-3"}, db)
insert into "jobs" ("kind", "payload", "created_at", "unique_key")
values (?, ?, CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER), ?)
on conflict ("unique_key") do nothing
returning "id";
-- parameters: ["kind-1","payload-2","uniqueKey-3"]

-- jobs.byId(1)
select *
from "jobs"
where "id" = ?;
-- parameters: [1]

-- jobs.pendingCount(["kinds-1","kinds-2"])
select count(*) as "n"
from "jobs"
where "state" in (?, ?) and "kind" in (?, ?);
-- parameters: ["queued","running","kinds-1","kinds-2"]

-- jobs.countsByKindAndState()
select "kind", "state", CASE WHEN error IS NULL THEN 0 ELSE 1 END as "after_failure", count(*) as "n"
from "jobs"
where "state" <> ?
group by "kind", "state", CASE WHEN error IS NULL THEN 0 ELSE 1 END;
-- parameters: ["done"]

-- jobs.renewLease({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"}, 1768478400000)
update "jobs"
set "lease_until" = CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER) + ?
where "id" = ? and "state" = ? and "claims" = ?;
-- parameters: [1768478400000,1,"running",1768478400000]

-- jobs.markDone({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"})
update "jobs"
set "state" = ?, "error" = ?, "finished_at" = CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER), "lease_until" = ?, "run_after" = ?
where "id" = ? and "state" = ? and "claims" = ?;
-- parameters: ["done",null,null,null,1,"running",1768478400000]

-- jobs.markFailed({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"}, "error-7")
update "jobs"
set "state" = ?, "error" = ?, "finished_at" = CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER), "lease_until" = ?
where "id" = ? and "state" = ? and "claims" = ?;
-- parameters: ["failed","error-7",null,1,"running",1768478400000]

-- jobs.retryLater({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"}, "error-7", 1768478400000)
update "jobs"
set "state" = ?, "error" = ?, "lease_until" = ?, "run_after" = CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER) + ?
where "id" = ? and "state" = ? and "claims" = ?;
-- parameters: ["queued","error-7",null,1768478400000,1,"running",1768478400000]

-- jobs.handBack({"id":1,"created_at":1768478400000,"state":"queued","kind":"kind-2","payload":"payload-3","attempts":4,"error":"error-5","started_at":1768478400000,"finished_at":1768478400000,"lease_until":1768478400000,"run_after":1768478400000,"claims":1768478400000,"unique_key":"unique_key-6"})
update "jobs"
set "state" = ?, "lease_until" = ?, "run_after" = ?, "attempts" = "attempts" - ?
where "id" = ? and "state" = ? and "claims" = ?;
-- parameters: ["queued",null,null,1,1,"running",1768478400000]

-- jobs.pruneDone(1768478400000)
delete from "jobs"
where "state" = ? and "finished_at" < CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER) - ?;
-- parameters: ["done",1768478400000]

-- jobs.list({"state":"queued","limit":1,"beforeId":2})
select *
from "jobs"
where "state" = ? and "id" < ?
order by "id" desc
limit ?;
-- parameters: ["queued",2,1]

-- jobs.retryFailedNow(1)
update "jobs"
set "state" = ?, "attempts" = ?, "run_after" = ?, "finished_at" = ?, "lease_until" = ?
where "id" = ? and "state" = ?
returning *;
-- parameters: ["queued",0,null,null,null,1,"failed"]
