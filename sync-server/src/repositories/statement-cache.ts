import type { Statement } from 'better-sqlite3'
import type { Db } from '../db/connection.ts'

/**
 * Lists with optional filters build their SQL from the filters in use, so SQLite can pick an index
 * for each shape (a catch-all `(@x IS NULL OR col = @x)` defeats the planner). Each shape is
 * prepared once.
 */
export function statementCache(db: Db): (sql: string) => Statement {
  const cache = new Map<string, Statement>()
  return (sql) => {
    let statement = cache.get(sql)
    if (!statement) {
      statement = db.prepare(sql)
      cache.set(sql, statement)
    }
    return statement
  }
}
