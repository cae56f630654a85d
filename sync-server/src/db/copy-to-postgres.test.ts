/** What db:copy copies, checked against the schema the migrations build (SQLite only, no PostgreSQL needed). */
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { classifySqliteTables, COPIED_TABLES, shownUrl } from './copy-to-postgres.ts'
import { migrateSqlite } from './migrate.ts'
import { KEPT_TABLES } from './schema.ts'

const opened: Database.Database[] = []
function migrated() {
  const db = new Database(':memory:')
  opened.push(db)
  migrateSqlite(db)
  return db
}
afterEach(() => opened.splice(0).forEach((db) => db.close()))

describe('db:copy and the schema', () => {
  it('copies every table the migrations create, leaving out only the search indexes, their shadow tables and the kept word sums', () => {
    const tables = classifySqliteTables(migrated())
    // A table added by a migration but not to TABLES_IN_REFERENCE_ORDER shows up here as unknown.
    expect(tables.unknown).toEqual([])
    expect(tables.missing).toEqual([])
    expect(tables.copied).toEqual([...COPIED_TABLES])
    const indexes = ['caption_cues_search', 'feedback_search', 'users_search', 'videos_search']
    expect(tables.derived.slice(0, indexes.length)).toEqual(indexes)
    expect(tables.derived.slice(-KEPT_TABLES.length)).toEqual([...KEPT_TABLES])
    for (const name of tables.derived.slice(indexes.length, -KEPT_TABLES.length)) {
      expect(indexes.some((index) => name.startsWith(`${index}_`)), name).toBe(true)
    }
  })

  it('names a table that it would leave behind', () => {
    const db = migrated()
    db.exec('CREATE TABLE ratings (user_id INTEGER NOT NULL, video_id INTEGER NOT NULL, understood INTEGER NOT NULL)')
    expect(classifySqliteTables(db).unknown).toEqual(['ratings'])
  })

  it('copies each table after every table it references', () => {
    const db = migrated()
    COPIED_TABLES.forEach((table, index) => {
      const parents = db.prepare('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)').pluck().all(table) as string[]
      for (const parent of parents) {
        if (parent === table) continue
        expect(COPIED_TABLES.indexOf(parent), `${table} references ${parent}`).toBeGreaterThanOrEqual(0)
        expect(COPIED_TABLES.indexOf(parent), `${table} references ${parent}`).toBeLessThan(index)
      }
    })
  })

  it('prints the target without its password', () => {
    expect(shownUrl('postgres://dehieu:s3cr%40t@db.example:5432/dehieu')).toBe('postgres://dehieu:***@db.example:5432/dehieu')
    expect(shownUrl('postgres://dehieu@db.example/dehieu')).toBe('postgres://dehieu@db.example/dehieu')
  })
})
