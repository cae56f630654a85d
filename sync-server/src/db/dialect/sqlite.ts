/**
 * SQLite under Kysely: the same better-sqlite3 handle the rest of the server opens (same pragmas),
 * with two differences from Kysely's stock SqliteDialect:
 * - statements are prepared once per SQL text and kept (Kysely prepares on every query otherwise,
 *   which costs more than many of our queries take to run);
 * - transactions begin IMMEDIATE, as ours always have: a deferred transaction that reads and then
 *   writes while another connection (the ingest thread) wrote gets SQLITE_BUSY at once, whatever
 *   the busy timeout.
 */
import type { Statement } from 'better-sqlite3'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDatabase,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely'
import type { Db } from '../connection.ts'

/** The handle as Kysely sees it, with each statement prepared once per SQL text. */
function cachingDatabase(raw: Db): SqliteDatabase {
  const cache = new Map<string, Statement>()
  return {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql)
      if (!statement) {
        statement = raw.prepare(sql)
        cache.set(sql, statement)
      }
      return statement as unknown as SqliteStatement
    },
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class CachingSqliteDialect extends SqliteDialect {
  readonly #raw: Db
  constructor(raw: Db) {
    super({ database: cachingDatabase(raw) })
    this.#raw = raw
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: cachingDatabase(this.#raw) })
  }
}

export function sqliteDialect(raw: Db) {
  return new CachingSqliteDialect(raw)
}
