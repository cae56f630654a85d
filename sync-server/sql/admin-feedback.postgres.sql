-- The SQL sync-server/src/repositories/admin-feedback.repository.ts sends to PostgreSQL, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- admin-feedback.list({"q":"q-1","since":"since-2","after":{"created":"created-3","id":4},"limit":5})
select "f"."id", "f"."feedback", "f"."environment_data", "f"."created_at", "u"."id" as "user_id", "u"."email" as "user_email", "u"."display_name" as "user_display_name"
from "user_feedbacks" as "f"
inner join "users" as "u" on "u"."id" = "f"."user_id"
where ("f"."id" IN (SELECT id FROM "user_feedbacks" WHERE (search_fold("feedback") LIKE '%' || search_fold($1) || '%' ESCAPE '\')) or "f"."user_id" IN (SELECT id FROM "users" WHERE (search_fold("email") LIKE '%' || search_fold($2) || '%' ESCAPE '\'))) and "f"."created_at" >= $3 and ("f"."created_at" < $4 or ("f"."created_at" = $5 and "f"."id" < $6))
order by "f"."created_at" desc, "f"."id" desc
limit $7;
-- parameters: ["q-1","q-1","since-2","created-3","created-3",4,5]

-- admin-feedback.findById(1)
select "f"."id", "f"."feedback", "f"."environment_data", "f"."created_at", "u"."id" as "user_id", "u"."email" as "user_email", "u"."display_name" as "user_display_name"
from "user_feedbacks" as "f"
inner join "users" as "u" on "u"."id" = "f"."user_id"
where "f"."id" = $1;
-- parameters: [1]
