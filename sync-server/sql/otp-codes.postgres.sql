-- The SQL sync-server/src/repositories/otp-codes.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- otp-codes.issuingOneAtATime()
begin;

SELECT pg_advisory_xact_lock(16002, 0);

commit;

-- otp-codes.sentToAddressSince("learner@example.com", 1768478400000)
select count(*) as "count", min("created_at") as "oldest"
from "otp_codes"
where "created_at" > $1 and "email" = $2;
-- parameters: [1768478400000,"learner@example.com"]

-- otp-codes.sentFromIpSince("ip-1", 1768478400000)
select count(*) as "count", min("created_at") as "oldest"
from "otp_codes"
where "created_at" > $1 and "requested_ip" = $2;
-- parameters: [1768478400000,"ip-1"]

-- otp-codes.sentToPairSince("learner@example.com", "ip-1", 1768478400000)
select count(*) as "count", min("created_at") as "oldest"
from "otp_codes"
where "created_at" > $1 and "email" = $2 and "requested_ip" = $3;
-- parameters: [1768478400000,"learner@example.com","ip-1"]

-- otp-codes.replace("learner@example.com", "codeHash-1", "ip-2", 1768478400000, 1768478400000)
begin;

update "otp_codes"
set "consumed_at" = $1
where "email" = $2 and "requested_ip" = $3 and "consumed_at" is null;
-- parameters: [1768478400000,"learner@example.com","ip-2"]

insert into "otp_codes" ("email", "code_hash", "requested_ip", "created_at", "expires_at")
values ($1, $2, $3, $4, $5)
returning "id";
-- parameters: ["learner@example.com","codeHash-1","ip-2",1768478400000,1768478400000]

commit;

-- otp-codes.newestUnused("learner@example.com")
select *
from "otp_codes"
where "email" = $1 and "consumed_at" is null
order by "id" desc
limit $2;
-- parameters: ["learner@example.com",1]

-- otp-codes.newestUnusedOfPair("learner@example.com", "ip-1")
select *
from "otp_codes"
where "email" = $1 and "consumed_at" is null and "requested_ip" = $2
order by "id" desc
limit $3;
-- parameters: ["learner@example.com","ip-1",1]

-- otp-codes.retireAll("learner@example.com", 1768478400000)
update "otp_codes"
set "consumed_at" = $1
where "email" = $2 and "consumed_at" is null;
-- parameters: [1768478400000,"learner@example.com"]

-- otp-codes.recordForeignWrongTry(1, "network-2")
insert into "otp_code_network_tries" ("code_id", "network", "wrong_tries")
values ($1, $2, $3)
on conflict ("code_id", "network") do update
set "wrong_tries" = "otp_code_network_tries"."wrong_tries" + $4
returning "wrong_tries";
-- parameters: [1,"network-2",1,1]

update "otp_codes"
set "foreign_wrong_tries" = "foreign_wrong_tries" + $1
where "id" = $2
returning "foreign_wrong_tries";
-- parameters: [1,1]

-- otp-codes.networkWrongTries(1, "network-2")
select "wrong_tries"
from "otp_code_network_tries"
where "code_id" = $1 and "network" = $2;
-- parameters: [1,"network-2"]

-- otp-codes.recordWrongTry(1)
update "otp_codes"
set "wrong_tries" = "wrong_tries" + $1
where "id" = $2
returning "wrong_tries";
-- parameters: [1,1]

-- otp-codes.consume(1, 1768478400000, 2, {"network":"network-3","otherNetworksMax":4})
update "otp_codes"
set "consumed_at" = $1
where "id" = $2 and "consumed_at" is null and "wrong_tries" < $3 and not exists (select "t"."code_id"
  from "otp_code_network_tries" as "t"
  where "t"."code_id" = "otp_codes"."id" and "t"."network" = $4 and "t"."wrong_tries" >= $5) and "foreign_wrong_tries" < $6
returning "id";
-- parameters: [1768478400000,1,2,"network-3",2,4]

-- otp-codes.remove(1)
delete from "otp_codes"
where "id" = $1;
-- parameters: [1]

-- otp-codes.pruneOlderThan(1)
delete from "otp_codes"
where "created_at" < $1;
-- parameters: [1]
