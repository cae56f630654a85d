-- The SQL sync-server/src/repositories/billing.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- billing.createCheckout("id-1", 2, "month", "local", "2026-01-15T12:00:00.000Z")
insert into "billing_checkouts" ("id", "user_id", "plan", "provider", "created_at")
values (?, ?, ?, ?, ?);
-- parameters: ["id-1",2,"month","local","2026-01-15T12:00:00.000Z"]

-- billing.findCheckout("id-1")
select *
from "billing_checkouts"
where "id" = ?;
-- parameters: ["id-1"]

-- billing.markCheckoutPaid("id-1", "2026-01-15T12:00:00.000Z")
update "billing_checkouts"
set "status" = ?, "completed_at" = ?
where "id" = ? and "status" = ?
returning "id";
-- parameters: ["paid","2026-01-15T12:00:00.000Z","id-1","open"]

-- billing.subscriptionOf(1)
select *
from "subscriptions"
where "user_id" = ?;
-- parameters: [1]

-- billing.subscriptionOfCustomer("customerId-1")
select *
from "subscriptions"
where "stripe_customer_id" = ?;
-- parameters: ["customerId-1"]

-- billing.saveSubscription({"user_id":1,"plan":"month","provider":"local","status":"active","current_period_end":"current_period_end-2","cancel_at_period_end":0,"stripe_customer_id":"stripe_customer_id-3","stripe_subscription_id":"stripe_subscription_id-4","updated_at":"2026-01-15"})
insert into "subscriptions" ("user_id", "plan", "provider", "status", "current_period_end", "cancel_at_period_end", "stripe_customer_id", "stripe_subscription_id", "updated_at")
values (?, ?, ?, ?, ?, ?, ?, ?, ?)
on conflict ("user_id") do update
set "provider" = "excluded"."provider", "plan" = "excluded"."plan", "status" = "excluded"."status", "current_period_end" = "excluded"."current_period_end", "cancel_at_period_end" = "excluded"."cancel_at_period_end", "stripe_customer_id" = "excluded"."stripe_customer_id", "stripe_subscription_id" = "excluded"."stripe_subscription_id", "updated_at" = "excluded"."updated_at";
-- parameters: [1,"month","local","active","current_period_end-2",0,"stripe_customer_id-3","stripe_subscription_id-4","2026-01-15"]

-- billing.setPremium(1, true)
update "users"
set "is_premium" = ?
where "id" = ?;
-- parameters: [1,1]

-- billing.lockUser(1)
update "users"
set "is_premium" = "is_premium"
where "id" = ?;
-- parameters: [1]

-- billing.lapsedSubscriptions("2026-01-15T12:00:00.000Z")
select *
from "subscriptions"
where "status" = ? and "current_period_end" is not null and "current_period_end" <= ?;
-- parameters: ["active","2026-01-15T12:00:00.000Z"]

-- billing.recordEvent("id-1", "type-2", "2026-01-15T12:00:00.000Z")
insert into "billing_events" ("id", "type", "received_at")
values (?, ?, ?)
on conflict do nothing
returning "id";
-- parameters: ["id-1","type-2","2026-01-15T12:00:00.000Z"]
