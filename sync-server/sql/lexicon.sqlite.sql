-- The SQL sync-server/src/repositories/lexicon.repository.ts sends to SQLite, one method at a time, with
-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,
-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).

-- lexicon.version("vi")
select "lexicon_version"
from "languages"
where "code" = ?;
-- parameters: ["vi"]

-- lexicon.bumpVersion("vi")
update "languages"
set "lexicon_version" = "lexicon_version" + ?
where "code" = ?;
-- parameters: [1,"vi"]

-- lexicon.entries("vi")
select "key", "headword", "glosses", "reading", "note"
from "lexicon_entries"
where "language_code" = ?
order by "key";
-- parameters: ["vi"]

-- lexicon.byKeys("vi", ["keys-1","keys-2"])
select *
from "lexicon_entries"
where "language_code" = ? and "key" in (?, ?);
-- parameters: ["vi","keys-1","keys-2"]

-- lexicon.keys("vi")
select "key"
from "lexicon_entries"
where "language_code" = ?;
-- parameters: ["vi"]

-- lexicon.insert("vi", [{"key":"key-1","headword":"headword-2","glosses":"glosses-3","reading":"reading-4","note":"note-5"},{"key":"key-6","headword":"headword-7","glosses":"glosses-8","reading":"reading-9","note":"note-10"}], "demo", 11, "2026-01-15T12:00:00.000Z")
insert into "lexicon_entries" ("key", "headword", "glosses", "reading", "note", "language_code", "source", "submission_id", "created_at", "updated_at")
values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: ["key-1","headword-2","glosses-3","reading-4","note-5","vi","demo",11,"2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z","key-6","headword-7","glosses-8","reading-9","note-10","vi","demo",11,"2026-01-15T12:00:00.000Z","2026-01-15T12:00:00.000Z"]

-- lexicon.update(1, {"glosses":"glosses-2","reading":"reading-3","note":"note-4"}, "2026-01-15T12:00:00.000Z")
update "lexicon_entries"
set "glosses" = ?, "reading" = ?, "note" = ?, "updated_at" = ?
where "id" = ?;
-- parameters: ["glosses-2","reading-3","note-4","2026-01-15T12:00:00.000Z",1]

-- lexicon.findById(1)
select *
from "lexicon_entries"
where "id" = ?;
-- parameters: [1]

-- lexicon.remove(1)
delete from "lexicon_entries"
where "id" = ?;
-- parameters: [1]

-- lexicon.search("vi", "prefix-1", "afterKey-2", 3)
select *
from "lexicon_entries"
where "language_code" = ? and "key" like ? escape '\' and "key" > ?
order by "key"
limit ?;
-- parameters: ["vi","prefix-1%","afterKey-2",3]
