/**
 * Forward-only migrations, one ordered list for both engines, applied at start, each inside its own
 * transaction together with its row in `schema_migrations`, so a failed file leaves nothing behind.
 *
 * A version is either one portable file, `NNNN_name.sql`, written in SQL both engines accept, or a
 * pair `NNNN_name.sqlite.sql` + `NNNN_name.postgres.sql` where the DDL must differ. Applied versions
 * are matched by number only: 0001-0009 were recorded as `NNNN_name.sql` before the pairs existed.
 *
 * SQLite: each file in a BEGIN IMMEDIATE transaction (one writer at a time). PostgreSQL: each file in
 * a transaction that first takes an advisory lock, then re-reads what is applied, so processes that
 * start together apply each version once and the others wait, then find it done.
 */
import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { CODE_ROOT } from '../code-root.ts'
import type { Db } from './connection.ts'
import type { Engine, EngineName } from './engine.ts'

// Read from the source tree in both forms of the server (code-root.ts): the build does not copy them.
const MIGRATIONS_DIR = path.join(CODE_ROOT, 'sync-server/src/db/migrations')
const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+?)(?:\.(sqlite|postgres))?\.sql$/
/** Any constant shared by every process of this app; "dehieu" in ASCII. */
const MIGRATION_LOCK = 0x646568696575

export interface Migration {
  version: number
  name: string
  sql: string
}

/** The list for one engine: the portable file or that engine's half of the pair, per version. */
export function readMigrations(engine: EngineName, dir = MIGRATIONS_DIR): Migration[] {
  const byVersion = new Map<number, { portable?: string; sqlite?: string; postgres?: string }>()
  for (const file of fs.readdirSync(dir).sort()) {
    const match = FILE_PATTERN.exec(file)
    if (!match) continue
    const version = Number(match[1])
    const kind = (match[3] ?? 'portable') as 'portable' | EngineName
    const entry = byVersion.get(version) ?? {}
    if (entry[kind]) throw new Error(`Migration ${version} has two files: ${entry[kind]} and ${file}.`)
    entry[kind] = file
    byVersion.set(version, entry)
  }
  const versions = [...byVersion.keys()].sort((a, b) => a - b)
  return versions.map((version, index) => {
    const entry = byVersion.get(version)!
    const first = entry.portable ?? entry.sqlite ?? entry.postgres!
    // Parallel work takes blocks of ten (0030-0039 for one change, 0040-0049 for another), merged in any
    // order: a number follows the one before it or opens a block; any other gap is a file gone missing.
    const previous = index === 0 ? 0 : versions[index - 1]!
    if (version !== previous + 1 && version % 10 !== 0) throw new Error(`Migration ${first} is out of sequence: expected number ${previous + 1}.`)
    if (entry.portable && (entry.sqlite || entry.postgres)) {
      throw new Error(`Migration ${version} is both portable (${entry.portable}) and engine-specific: keep one.`)
    }
    if (!entry.portable && !(entry.sqlite && entry.postgres)) {
      throw new Error(`Migration ${first} has no twin: write both NNNN_name.sqlite.sql and NNNN_name.postgres.sql.`)
    }
    const file = entry.portable ?? entry[engine]!
    return { version, name: file, sql: fs.readFileSync(path.join(dir, file), 'utf8') }
  })
}

const CREATE_RECORD_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`

/** Applies what is missing and returns the names it applied. */
export async function migrate(engine: Engine, migrations = readMigrations(engine.engine)): Promise<string[]> {
  return engine.engine === 'sqlite' ? migrateSqlite(engine.sqlite!, migrations) : migratePostgres(engine.pool!, migrations)
}

export function migrateSqlite(db: Db, migrations = readMigrations('sqlite')): string[] {
  db.exec(CREATE_RECORD_TABLE)
  const isApplied = db.prepare<[number]>('SELECT 1 FROM schema_migrations WHERE version = ?').pluck()
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  const done: string[] = []
  for (const migration of migrations) {
    if (isApplied.get(migration.version)) continue
    const applied = db
      .transaction(() => {
        // Read again under the write lock: another process may have applied it meanwhile.
        if (isApplied.get(migration.version)) return false
        db.exec(migration.sql)
        record.run(migration.version, migration.name, new Date().toISOString())
        return true
      })
      .immediate()
    if (applied) done.push(migration.name)
  }
  return done
}

export async function migratePostgres(pool: pg.Pool, migrations = readMigrations('postgres')): Promise<string[]> {
  const client = await pool.connect()
  const done: string[] = []
  try {
    const inTransaction = async <T>(work: () => Promise<T>): Promise<T> => {
      await client.query('BEGIN')
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
        const result = await work()
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
    }
    // Even IF NOT EXISTS races between processes (both create the type): under the lock it cannot.
    await inTransaction(() => client.query(CREATE_RECORD_TABLE))
    for (const migration of migrations) {
      const applied = await inTransaction(async () => {
        const found = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version])
        if (found.rowCount) return false
        // No parameters: the simple protocol, which runs a file of several statements.
        await client.query(migration.sql)
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          migration.version,
          migration.name,
          new Date().toISOString(),
        ])
        return true
      })
      if (applied) done.push(migration.name)
    }
  } finally {
    client.release()
  }
  return done
}
