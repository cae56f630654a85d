-- The SQL sync-server/src/repositories/glossary.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- glossary.entries(1)
select *
from "submission_glossary"
where "submission_id" = ?
order by "key";
-- parameters: [1]

-- glossary.replace(1, [{"submission_id":2,"key":"key-3","headword":"headword-4","glosses":"glosses-5","reading":"reading-6","note":"note-7"},{"submission_id":8,"key":"key-9","headword":"headword-10","glosses":"glosses-11","reading":"reading-12","note":"note-13"}])
delete from "submission_glossary"
where "submission_id" = ?;
-- parameters: [1]

insert into "submission_glossary" ("submission_id", "key", "headword", "glosses", "reading", "note")
values (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?);
-- parameters: [2,"key-3","headword-4","glosses-5","reading-6","note-7",8,"key-9","headword-10","glosses-11","reading-12","note-13"]
