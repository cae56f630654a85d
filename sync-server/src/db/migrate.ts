/**
 * Forward-only migrations: `migrations/NNNN_name.sql`, applied in order at start, each inside its own
 * transaction together with its row in `schema_migrations`, so a failed file leaves nothing behind.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './connection.ts'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
const FILE_PATTERN = /^(\d{4})_[a-z0-9_]+\.sql$/

export interface Migration {
  version: number
  name: string
  sql: string
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .filter((file) => FILE_PATTERN.test(file))
    .sort()
    .map((file) => ({
      version: Number(FILE_PATTERN.exec(file)![1]),
      name: file,
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }))
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration ${migration.name} is out of sequence: expected number ${index + 1}.`)
    }
  })
  return migrations
}

/** Applies what is missing and returns the names it applied. */
export function migrate(db: Db, migrations = readMigrations()): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`)
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all() as number[],
  )
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  const done: string[] = []
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue
    db.transaction(() => {
      db.exec(migration.sql)
      record.run(migration.version, migration.name, new Date().toISOString())
    }).immediate()
    done.push(migration.name)
  }
  return done
}
